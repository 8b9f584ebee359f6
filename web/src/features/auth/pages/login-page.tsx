import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { toast } from "@web/components/ui/use-toast.ts";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import type { z } from "zod";
import { loginSchema } from "#shared/schemas/auth";
import { useUser } from "../api/get-me.ts";
import { useLogin } from "../api/login.ts";
import { AuthCard } from "../components/auth-card.tsx";

/** Long enough to read the success toast before the full reload. */
export const RELOAD_AFTER_TOAST_MS = 600;

export function LoginPage() {
  const { data: user } = useUser();
  const loginMutation = useLogin();
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: () => {
        toast({ title: "Welcome back!", description: "You are now signed in.", variant: "success" });
        setTimeout(() => {
          window.location.href = paths.home.getHref();
        }, RELOAD_AFTER_TOAST_MS);
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Login failed",
          description: getServerMessage(error, "Invalid username or password"),
        });
      },
    }),
  );

  const busy = loginMutation.isPending || loginMutation.isSuccess;

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
          <FormField
            control={form.control}
            name="username"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Username or Email</FormLabel>
                <FormControl>
                  <Input autoComplete="username" placeholder="Enter your username or email" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <Input
                    type="password"
                    autoComplete="current-password"
                    placeholder="Enter your password"
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
            {loginMutation.isPending ? "Signing in..." : "Sign In"}
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
