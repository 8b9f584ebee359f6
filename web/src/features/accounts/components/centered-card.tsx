import { CenteredCard as Card } from "@web/components/centered-card.tsx";
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";

/** The signed-out account pages' card (forgot, reset, verify), with a key for its icon. */
export function CenteredCard(props: { title: string; description: string; children: ReactNode }) {
  return <Card icon={KeyRound} {...props} />;
}
