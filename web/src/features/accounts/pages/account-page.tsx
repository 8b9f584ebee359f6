import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { toast } from "@web/components/ui/use-toast.ts";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useUser } from "@web/lib/current-user.ts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { changeEmailSchema } from "#shared/schemas/accounts";
import { downloadExport, useChangeEmail, useDeleteAccount } from "../api/accounts.ts";
import { Field } from "../components/field.tsx";

function ChangeEmail({ current, pending }: { current: string; pending?: string }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse({ email, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form");
    setError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setPassword("");
        toast({
          variant: "success",
          title: "Check your new inbox",
          description: "Follow the link we sent to finish.",
        });
      },
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription>
          Now: {current}.{" "}
          {pending
            ? `Waiting for ${pending} to be verified: it takes effect once its link is followed.`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Change email">
          <Field
            id="new-email"
            label="New email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            id="email-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={
              error ??
              (change.isError ? getServerMessage(change.error, "Could not change the address") : null)
            }
          />
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            Send verification link
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const [understood, setUnderstood] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(password, {
      // Signed out everywhere: a full reload starts the site afresh.
      onSuccess: () => {
        window.location.href = "/";
      },
    });
  };
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete your account</CardTitle>
        <CardDescription>
          Your email, addresses, settings, watchlist, sessions, passkeys and push subscriptions are erased and
          you are signed out everywhere. Unspent bid credits and unpaid wins are forfeited; orders and
          payments are kept as the law requires, without your personal data; your username stays in public bid
          ledgers and cannot be used again. See the{" "}
          <Link to={paths.terms.getHref()} className="underline">
            terms
          </Link>{" "}
          and the{" "}
          <Link to={paths.privacy.getHref()} className="underline">
            privacy policy
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Delete account">
          <Field
            id="delete-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={remove.isError ? getServerMessage(remove.error, "Could not delete the account") : null}
          />
          <Label className="flex items-center gap-3 font-normal">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
            I understand this cannot be undone
          </Label>
          <Button
            type="submit"
            variant="destructive"
            className="justify-self-start"
            disabled={!understood || !password || remove.isPending}
          >
            Delete my account
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /account: the address, a copy of everything we hold, and deletion. */
export function AccountPage() {
  const { data: user } = useUser();
  const [exporting, setExporting] = useState(false);
  if (!user) return null;
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-2xl gap-6">
        <PageHeader title="Your account" className="mb-0" />
        <ChangeEmail current={user.email} pending={user.pendingEmail} />
        <Card>
          <CardHeader>
            <CardTitle>Your data</CardTitle>
            <CardDescription>
              One JSON file of everything we hold about you: account, bids, agents, orders, payments, limits,
              settings, watchlist, sessions, passkeys, push endpoints and whether two-factor authentication is
              on.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button
              variant="outline"
              disabled={exporting}
              onClick={() => {
                setExporting(true);
                downloadExport()
                  .catch(() => toast({ variant: "destructive", title: "Could not download your data" }))
                  .finally(() => setExporting(false));
              }}
            >
              Download my data
            </Button>
          </CardContent>
        </Card>
        <DeleteAccount />
      </div>
    </PageContainer>
  );
}
