import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { serverError, useSchemaForm } from "@web/lib/schema-form.ts";
import { toast } from "@web/lib/toast.ts";
import { useState } from "react";
import { Link } from "react-router";
import { changeEmailSchema, deleteAccountSchema } from "#shared/schemas/accounts";
import type * as z from "#shared/schemas/zod";
import { downloadExport, useChangeEmail, useDeleteAccount } from "../api/accounts.ts";
import { CurrentPasswordField } from "../components/current-password-field.tsx";

const CHANGE_EMAIL_FIELDS: readonly FieldRow<z.input<typeof changeEmailSchema>>[] = [
  { name: "email", label: "New email", type: "email", autoComplete: "email" },
];

function ChangeEmail({ current, pending }: { current: string; pending?: string }) {
  const change = useChangeEmail();
  const form = useSchemaForm(changeEmailSchema, { email: "", password: "" });
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.resetField("password");
        toast({
          variant: "success",
          title: "Check your new inbox",
          description: "Follow the link we sent to finish.",
        });
      },
      onError: (failure) => serverError(form, "password", failure, "Could not change the address"),
    }),
  );
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
        <FormColumn form={form} onSubmit={onSubmit} label="Change email" fields={CHANGE_EMAIL_FIELDS}>
          <CurrentPasswordField control={form.control} name="password" />
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            Send verification link
          </Button>
        </FormColumn>
      </CardContent>
    </Card>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const form = useSchemaForm(deleteAccountSchema, { password: "" });
  const [understood, setUnderstood] = useState(false);
  const onSubmit = form.handleSubmit(({ password }) =>
    remove.mutate(password, {
      // Signed out everywhere: a full reload starts the site afresh.
      onSuccess: () => {
        window.location.href = "/";
      },
      onError: (failure) => serverError(form, "password", failure, "Could not delete the account"),
    }),
  );
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
        <FormColumn form={form} onSubmit={onSubmit} label="Delete account">
          <CurrentPasswordField control={form.control} name="password" />
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
            disabled={!understood || !form.watch("password") || remove.isPending}
          >
            Delete my account
          </Button>
        </FormColumn>
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
