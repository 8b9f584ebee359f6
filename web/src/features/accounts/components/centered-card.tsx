import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card.tsx";
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";

/** The centred card of the signed-out account pages (forgot, reset, verify), like the login page's. */
export function CenteredCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-header text-gold shadow-inner">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
