import { FormColumn } from "@web/components/form-column.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { serverError, useSchemaForm } from "@web/lib/schema-form.ts";
import { Link } from "react-router";
import { forgotPasswordSchema } from "#shared/schemas/accounts";
import { useForgotPassword } from "../api/accounts.ts";
import { CenteredCard } from "../components/centered-card.tsx";

/** /forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const forgot = useForgotPassword();
  const form = useSchemaForm(forgotPasswordSchema, { email: "" });
  const onSubmit = form.handleSubmit(({ email }) =>
    forgot.mutate(email, {
      onError: (failure) => serverError(form, "email", failure, "Could not send the link"),
    }),
  );

  return (
    <CenteredCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <div className="grid gap-4" role="status">
          <p>{forgot.data.message}</p>
          <p className="text-sm text-muted-foreground">The link works once, for 30 minutes.</p>
          <Button asChild variant="outline">
            <Link to={paths.login.getHref()}>Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <FormColumn form={form} onSubmit={onSubmit} label="Forgot password">
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
          <Button type="submit" size="lg" disabled={forgot.isPending}>
            {forgot.isPending ? "Sending..." : "Send reset link"}
          </Button>
          <Link
            to={paths.login.getHref()}
            className="text-center text-sm font-semibold text-primary-hover hover:underline"
          >
            Back to sign in
          </Link>
        </FormColumn>
      )}
    </CenteredCard>
  );
}
