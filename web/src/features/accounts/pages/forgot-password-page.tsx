import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema } from "#shared/schemas/accounts";
import { useForgotPassword } from "../api/accounts.ts";
import { CenteredCard } from "../components/centered-card.tsx";
import { Field } from "../components/field.tsx";

/** /forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the form itself: what is in the field is what is sent, whenever it was typed.
    const parsed = forgotPasswordSchema.safeParse({ email: new FormData(event.currentTarget).get("email") });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Invalid email address");
    setError(null);
    forgot.mutate(parsed.data.email);
  };

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
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Forgot password">
          <Field
            id="forgot-email"
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            error={
              error ?? (forgot.isError ? getServerMessage(forgot.error, "Could not send the link") : null)
            }
          />
          <Button type="submit" size="lg" disabled={forgot.isPending}>
            {forgot.isPending ? "Sending..." : "Send reset link"}
          </Button>
          <Link
            to={paths.login.getHref()}
            className="text-center text-sm font-semibold text-primary-hover hover:underline"
          >
            Back to sign in
          </Link>
        </form>
      )}
    </CenteredCard>
  );
}
