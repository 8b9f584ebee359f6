import { useQuery } from "@tanstack/react-query";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { formatDateTime } from "@web/lib/format-date.ts";
import { toast } from "@web/lib/toast.ts";
import { Laptop } from "lucide-react";
import type { SessionView } from "#shared/schemas/accounts";
import { accountsQueries, useEndOtherSessions, useEndSession } from "../api/accounts.ts";
import { SignInRow } from "../components/sign-in-row.tsx";

function SessionRow({ session }: { session: SessionView }) {
  const end = useEndSession();
  return (
    <SignInRow
      testId="session-row"
      icon={Laptop}
      text={
        <>
          <p className="font-medium">
            {session.device}{" "}
            {session.current ? (
              <Badge variant="secondary" className="ml-1">
                This device
              </Badge>
            ) : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.maskedAddress ? `From ${session.maskedAddress} · ` : ""}Signed in{" "}
            {formatDateTime(session.createdAt)} · Last active {formatDateTime(session.lastSeenAt)}
          </p>
        </>
      }
    >
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast({ variant: "success", title: `${session.device} signed out` }),
            })
          }
        >
          Sign out
        </Button>
      )}
    </SignInRow>
  );
}

/** /sessions: where the account is signed in; any other device can be signed out. */
export function SessionsPage() {
  const { data: sessions, isPending, isError } = useQuery(accountsQueries.sessions());
  const endOthers = useEndOtherSessions();
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-2xl gap-6">
        <PageHeader
          title="Where you're signed in"
          description="Sign out a device you no longer use or do not recognise. Addresses are shown in part."
          className="mb-0"
        />
        <Card>
          <CardContent className="pt-2">
            {isPending ? (
              <p className="py-4">Loading...</p>
            ) : isError || !sessions ? (
              <p className="py-4">Could not load your sessions. Please refresh the page.</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Sessions">
                {sessions.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        {others > 0 ? (
          <Button
            variant="destructive"
            className="justify-self-start"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (res) =>
                  toast({
                    variant: "success",
                    title: `Signed out ${res.ended} other device${res.ended === 1 ? "" : "s"}`,
                  }),
              })
            }
          >
            Sign out all other devices
          </Button>
        ) : null}
      </div>
    </PageContainer>
  );
}
