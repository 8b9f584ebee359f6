import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { browserHasPasskeys } from "@web/lib/passkeys.ts";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import { loginSchema } from "#shared/schemas/auth";
import type * as z from "#shared/schemas/zod";
import { useLogin, useLoginCode, usePasskeyLogin, waitsForCode } from "../api/login.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { useAuthSubmit } from "../use-auth-submit.ts";

const LOGIN_FIELDS: readonly FieldRow<z.input<typeof loginSchema>>[] = [
  {
    name: "username",
    label: "Username or Email",
    autoComplete: "username",
    placeholder: "Enter your username or email",
  },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "current-password",
    placeholder: "Enter your password",
  },
];

export function LoginPage() {
  useDocumentTitle("Log in");
  const { data: user } = useUser();
  const welcome = { title: "Welcome back!", description: "You are now signed in." };
  const login = useAuthSubmit(useLogin(), { success: welcome }, waitsForCode);
  const second = useAuthSubmit(useLoginCode(), { success: welcome });
  const passkey = useAuthSubmit(usePasskeyLogin(), { success: welcome });
  const [code, setCode] = useState("");
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const onSubmit = form.handleSubmit(login.submit);
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) second.submit(code.trim());
  };

  return (
    <AuthCard
      title="Welcome Back"
      description="Sign in to your account to keep bidding"
      footer={
        <p>
          Don&apos;t have an account?{" "}
          <Link to={paths.register.getHref()} className="font-semibold text-primary-hover hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      {login.waitingForCode ? (
        <form onSubmit={onCode} noValidate className="grid gap-4" aria-label="Two-factor code">
          <p className="text-sm text-muted-foreground">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <Label htmlFor="login-code">Authentication code</Label>
          <Input
            id="login-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormError error={second.error} fallback="That code is not right" />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={second.busy || !code.trim()}>
            {second.pending ? "Checking..." : "Verify"}
          </Button>
        </form>
      ) : (
        <>
          <FormColumn form={form} onSubmit={onSubmit} label="Login" fields={LOGIN_FIELDS}>
            <Link
              to={paths.forgotPassword.getHref()}
              className="justify-self-end text-sm font-semibold text-primary-hover hover:underline"
            >
              Forgot password?
            </Link>
            <FormError error={login.error ?? passkey.error} fallback="Invalid username or password" />
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.busy || passkey.busy}>
              {login.pending ? "Signing in..." : "Sign In"}
            </Button>
          </FormColumn>
          {browserHasPasskeys() ? (
            <div className="mt-4 grid gap-4">
              <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                or
              </p>
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="w-full"
                disabled={passkey.busy || login.busy}
                onClick={() => passkey.submit(undefined)}
              >
                <KeyRound aria-hidden="true" />
                {passkey.pending ? "Waiting for your passkey..." : "Sign in with a passkey"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </AuthCard>
  );
}

/** A failed try's reason, at the button, until the next try clears it. */
function FormError({ error, fallback }: { error: Error | null; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" data-testid="form-error" className="text-sm font-medium text-destructive">
      {error.message || fallback}
    </p>
  );
}
