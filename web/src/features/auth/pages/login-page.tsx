import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Form } from "@web/components/ui/form.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import { loginSchema } from "#shared/schemas/auth";
import type * as z from "#shared/schemas/zod";
import { useLogin } from "../api/login.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { useAuthSubmit } from "../use-auth-submit.ts";

export function LoginPage() {
  useDocumentTitle("Log in");
  const { data: user } = useUser();
  const login = useAuthSubmit(useLogin(), {
    success: { title: "Welcome back!", description: "You are now signed in." },
  });
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const onSubmit = form.handleSubmit(login.submit);

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
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
          <TextField
            control={form.control}
            name="username"
            label="Username or Email"
            autoComplete="username"
            placeholder="Enter your username or email"
          />
          <PasswordField
            control={form.control}
            name="password"
            label="Password"
            autoComplete="current-password"
            placeholder="Enter your password"
          />
          <Link
            to={paths.forgotPassword.getHref()}
            className="justify-self-end text-sm font-semibold text-primary-hover hover:underline"
          >
            Forgot password?
          </Link>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.busy}>
            {login.pending ? "Signing in..." : "Sign In"}
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
