import { useQuery } from "@tanstack/react-query";
import { PageContainer } from "@web/components/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { outboxQueries } from "@web/features/outbox/api/queries.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { useState } from "react";
import { useSearchParams } from "react-router";

/**
 * /dev/outbox (local stack only): every email the product sent to an address, newest first, the
 * stand-in for an inbox. The HTML part is shown in a sandboxed frame (no scripts, no same origin).
 */
export function OutboxPage() {
  useDocumentTitle("Outbox");
  const [params, setParams] = useSearchParams();
  const [to, setTo] = useState(params.get("to") ?? "");
  const { data: emails, isFetching, error } = useQuery(outboxQueries.emails(to.trim()));
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-3xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight">Outbox (local stack)</h1>
        <div className="grid gap-1.5">
          <Label htmlFor="outbox-to">Recipient's email address</Label>
          <Input
            id="outbox-to"
            type="email"
            placeholder="buyer@example.com"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setParams(e.target.value ? { to: e.target.value } : {}, { replace: true });
            }}
          />
        </div>
        {error && <p role="alert">Could not read the outbox.</p>}
        {emails && emails.length === 0 && !isFetching && <p>No emails to this address yet.</p>}
        <ul className="grid gap-4" aria-label="Emails">
          {emails?.map((email) => (
            <li key={`${email.sentAt}-${email.subject}`}>
              <Card>
                <CardHeader>
                  <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                    {email.subject}
                    <Badge variant="secondary">{email.kind}</Badge>
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    To {email.to}, {formatDateTimeWithYear(email.sentAt)}
                  </p>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <iframe
                    title={`HTML part of ${email.subject}`}
                    sandbox=""
                    srcDoc={email.html}
                    className="h-96 w-full rounded border bg-white"
                  />
                  <details>
                    <summary className="cursor-pointer text-sm">Plain-text part</summary>
                    <pre className="whitespace-pre-wrap text-sm">{email.text}</pre>
                  </details>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </PageContainer>
  );
}
