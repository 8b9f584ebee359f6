import { useQuery } from "@tanstack/react-query";
import { QueryList } from "@web/components/list-states.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDateTime } from "@web/lib/format-date.ts";
import { Check, LifeBuoy, Mail } from "lucide-react";
import type { SupportMessageView } from "#shared/schemas/support";
import { adminQueries } from "../api/queries.ts";
import { useMarkSupportMessageAnswered } from "../api/support-messages.ts";
import { emptyTab } from "./empty-tab.tsx";

const NO_MESSAGES = emptyTab(
  LifeBuoy,
  "No Messages",
  "Messages sent from Contact Us show here, newest first.",
);

function replyHref(message: SupportMessageView) {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

function MessageCard({
  message,
  onAnswered,
  busy,
}: {
  message: SupportMessageView;
  onAnswered: () => void;
  busy: boolean;
}) {
  const open = message.status === "open";
  return (
    <Card data-testid="admin-support-message" className={open ? undefined : "bg-muted/40"}>
      <CardContent className="grid gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{message.subject}</h3>
          <Badge variant={open ? "warning" : "success"}>{open ? "Open" : "Answered"}</Badge>
        </div>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          From {message.email}
          {message.username ? ` (account ${message.username})` : " (not signed in)"}
          {message.orderId ? ` · Order ${message.orderId}` : ""} · Sent {formatDateTime(message.createdAt)}
          {message.answeredAt ? ` · Answered ${formatDateTime(message.answeredAt)}` : ""}
        </p>
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={replyHref(message)} aria-label={`Reply by email to ${message.email}`}>
              <Mail aria-hidden="true" />
              Reply by email
            </a>
          </Button>
          {open && (
            <Button
              size="sm"
              aria-label={`Mark answered: ${message.subject}`}
              disabled={busy}
              onClick={onAnswered}
            >
              <Check aria-hidden="true" />
              Mark answered
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Contact Us messages, newest first: reply by email, then mark answered (docs/product.md section 2). */
export function SupportTab() {
  const messages = useQuery(adminQueries.supportMessages());
  const answer = useMarkSupportMessageAnswered();
  return (
    <QueryList query={messages} errorFallback="Could not load support messages" empty={NO_MESSAGES}>
      {(loaded) => (
        <div className="grid gap-4">
          {loaded.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              busy={answer.isPending}
              onAnswered={() => answer.mutate(message.id)}
            />
          ))}
        </div>
      )}
    </QueryList>
  );
}
