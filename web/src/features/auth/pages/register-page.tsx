import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { Button } from "@web/components/ui/button.tsx";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@web/components/ui/form.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@web/components/ui/radio-group.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { cn } from "@web/lib/utils.ts";
import { Info } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useSearchParams } from "react-router";
import { registerFormSchema } from "#shared/schemas/auth";
import type * as z from "#shared/schemas/zod";
import { useRegister } from "../api/register.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { useAuthSubmit } from "../use-auth-submit.ts";

const ACCOUNT_TYPES = [
  { value: "buyer", label: "Buyer", hint: "Bid on live auctions" },
  { value: "seller", label: "Seller", hint: "List products for auction" },
] as const;

const REGISTER_FIELDS: readonly FieldRow<z.input<typeof registerFormSchema>>[] = [
  { name: "username", label: "Username", autoComplete: "username", placeholder: "Choose a username" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", placeholder: "you@example.com" },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "At least 8 characters",
  },
  {
    name: "confirmPassword",
    label: "Confirm Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "Repeat your password",
  },
];

export function RegisterPage() {
  useDocumentTitle("Sign up");
  const { data: user } = useUser();
  // An invitation link (/register?ref=CODE): its code goes with the registration.
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get("ref")?.trim().slice(0, 64) || undefined;
  const registration = useAuthSubmit(useRegister(), {
    success: { title: "Account created!", description: "Welcome aboard." },
    // A new seller's next step is the application's status, not the auctions they cannot list on yet.
    destination: (values) =>
      values.role === "seller" ? paths.sellerDashboard.getHref() : paths.home.getHref(),
  });
  const form = useForm<z.input<typeof registerFormSchema>, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      confirmPassword: "",
      role: "buyer",
      businessName: "",
      acceptTerms: false,
      ...(referralCode ? { referralCode } : {}),
    },
  });
  const seller = form.watch("role") === "seller";

  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const onSubmit = form.handleSubmit(registration.submit);

  return (
    <AuthCard
      title="Create Account"
      description="Join to start winning gold, silver and precious metals"
      footer={
        <p>
          Already have an account?{" "}
          <Link to={paths.login.getHref()} className="font-semibold text-primary-hover hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      {referralCode ? (
        <p
          className="mb-4 rounded-md border border-gold/40 bg-gold/10 p-3 text-sm"
          data-testid="invited-note"
        >
          You were invited by a friend. Once you verify your email address and buy your first bid package, you
          both get free bids.
        </p>
      ) : null}
      <FormColumn form={form} onSubmit={onSubmit} label="Register" fields={REGISTER_FIELDS}>
        <FormField
          control={form.control}
          name="role"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Account Type</FormLabel>
              <FormControl>
                <RadioGroup
                  aria-label="Account Type"
                  name={field.name}
                  value={field.value ?? "buyer"}
                  onValueChange={field.onChange}
                  className="grid-cols-2 gap-3"
                >
                  {ACCOUNT_TYPES.map((type) => {
                    const id = `account-type-${type.value}`;
                    const checked = (field.value ?? "buyer") === type.value;
                    return (
                      <Label
                        key={type.value}
                        htmlFor={id}
                        className={cn(
                          "flex cursor-pointer items-start gap-3 rounded-lg border border-input p-3 transition-colors hover:bg-muted",
                          checked && "border-primary bg-accent",
                        )}
                      >
                        <RadioGroupItem id={id} value={type.value} className="mt-0.5" />
                        <span className="grid gap-1">
                          <span className="font-semibold">{type.label}</span>
                          <span className="text-xs font-normal text-muted-foreground">{type.hint}</span>
                        </span>
                      </Label>
                    );
                  })}
                </RadioGroup>
              </FormControl>
              <FormDescription className="flex items-start gap-2 rounded-md bg-muted p-3 text-xs">
                <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>Seller accounts require admin approval before you can list products.</span>
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {seller && (
          <TextField
            control={form.control}
            name="businessName"
            label="Business Name"
            autoComplete="organization"
            placeholder="The name buyers see on your listings"
            description="The admin reviews it with your application; you can change it while you wait."
          />
        )}
        <FormField
          control={form.control}
          name="acceptTerms"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-start gap-2">
                <FormControl>
                  <input
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                </FormControl>
                <FormLabel className="font-normal leading-snug">
                  <span>
                    I am 18 or older and accept the{" "}
                    <Link to={paths.terms.getHref()} className="font-semibold text-primary-hover underline">
                      Terms
                    </Link>{" "}
                    and the{" "}
                    <Link
                      to={paths.auctionRules.getHref()}
                      className="font-semibold text-primary-hover underline"
                    >
                      Auction Rules
                    </Link>
                  </span>
                </FormLabel>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={registration.busy}>
          {registration.pending ? "Creating account..." : "Create Account"}
        </Button>
      </FormColumn>
    </AuthCard>
  );
}
