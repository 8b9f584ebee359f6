import { CenteredCard } from "@web/components/centered-card.tsx";
import { Gavel } from "lucide-react";
import type { ReactNode } from "react";

/** The centred card the login and register pages share. */
export function AuthCard(props: {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return <CenteredCard icon={Gavel} {...props} />;
}
