import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus, getServerMessage } from "@web/lib/api-client.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { useLinkToken } from "@web/lib/link-token.ts";
import { useSchemaForm } from "@web/lib/schema-form.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { resetPasswordFormSchema } from "#shared/schemas/accounts";
import type * as z from "#shared/schemas/zod";
import { useResetPassword } from "../api/accounts.ts";
import { CenteredCard } from "../components/centered-card.tsx";

const FIELDS: readonly FieldRow<z.input<typeof resetPasswordFormSchema>>[] = [
  { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", type: "password", autoComplete: "new-password" },
];

function DeadLink({ message }: { message: string }) {
  return (
    <div className="grid gap-4" role="alert">
      <p>{message}</p>
      <p className="text-sm text-muted-foreground">
        A reset link works once, for 30 minutes. Ask for a new one.
      </p>
      <Button asChild>
        <Link to={paths.forgotPassword.getHref()}>Send a new link</Link>
      </Button>
    </div>
  );
}

/** /reset-password#token=: the link of a reset email; a new password, then every device is signed out. */
export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const token = useLinkToken();
  const reset = useResetPassword();
  const form = useSchemaForm(resetPasswordFormSchema, { newPassword: "", confirmPassword: "" });
  const onSubmit = form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }));

  let body: ReactNode;
  if (!token) body = <DeadLink message="This page needs the link from your email." />;
  else if (reset.isSuccess)
    body = (
      <div className="grid gap-4" role="status">
        <p className="font-medium">Your password has been changed.</p>
        <p className="text-sm text-muted-foreground">
          Every device that was signed in has been signed out. Sign in with your new password.
        </p>
        <Button asChild>
          <Link to={paths.login.getHref()}>Sign in</Link>
        </Button>
      </div>
    );
  else if (
    reset.isError &&
    getErrorStatus(reset.error) === 400 &&
    /link/.test(getServerMessage(reset.error) ?? "")
  )
    body = <DeadLink message={getServerMessage(reset.error, "This link no longer works.")} />;
  else
    body = (
      <FormColumn form={form} onSubmit={onSubmit} label="Reset password" fields={FIELDS}>
        {reset.isError ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {getServerMessage(reset.error, "Could not change the password")}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set new password"}
        </Button>
      </FormColumn>
    );

  return (
    <CenteredCard title="Choose a new password" description="At least 8 characters.">
      {body}
    </CenteredCard>
  );
}
