import { IconBadge } from "@web/components/icon-badge.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@web/components/ui/card.tsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The centred card of the signed-out pages: login, register, and the account links (forgot, reset, verify). */
export function CenteredCard({
  icon,
  title,
  description,
  children,
  footer,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <IconBadge icon={icon} className="mb-2 size-12 bg-header text-gold shadow-inner" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="justify-center border-t border-border pt-6 text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
