import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import type { ReactNode } from "react";

/** A row of an AttentionCard: each under a rule but the first. */
export const ATTENTION_ROW =
  "flex flex-wrap items-center gap-3 border-t border-border pt-3 first:border-t-0 first:pt-0";

/** What needs the admin above the auctions (expired wins, late orders): a titled card of rows with their count. */
export function AttentionCard({
  testId,
  title,
  count,
  description,
  children,
}: {
  testId: string;
  title: string;
  count: number;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">
          {title} ({count})
        </CardTitle>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}
