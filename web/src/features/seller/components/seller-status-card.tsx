import { zodResolver } from "@hookform/resolvers/zod";
import { SellerStatusBadge } from "@web/components/status-badges.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Form } from "@web/components/ui/form.tsx";
import { toast } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { type SellerProfile, updateSellerProfileSchema } from "#shared/schemas/seller";
import type * as z from "#shared/schemas/zod";
import { useUpdateSellerProfile } from "../api/update-seller-profile.ts";

/**
 * The seller's application: while pending it explains the wait and lets the seller edit what the
 * admin reviews; once decided it says so.
 */
export function SellerStatusCard({ profile }: { profile: SellerProfile }) {
  if (profile.status === "approved") {
    return (
      <div className="mb-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <SellerStatusBadge status="approved" />
        <span>
          Selling as <strong className="text-foreground">{profile.businessName}</strong>
        </span>
      </div>
    );
  }
  return (
    <Card
      className={
        profile.status === "pending" ? "mb-6 border-amber-300 bg-amber-50/40" : "mb-6 border-red-200"
      }
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle>Your seller application</CardTitle>
          <SellerStatusBadge status={profile.status} />
        </div>
        <CardDescription>
          {profile.status === "pending"
            ? "An admin reviews your business before you can list products. You can update the details below while you wait."
            : "Your seller application was rejected, so you cannot list products. Contact support if you think this is a mistake."}
        </CardDescription>
      </CardHeader>
      {profile.status === "pending" && (
        <CardContent>
          <BusinessProfileForm profile={profile} />
        </CardContent>
      )}
    </Card>
  );
}

function BusinessProfileForm({ profile }: { profile: SellerProfile }) {
  const update = useUpdateSellerProfile();
  const form = useForm<
    z.input<typeof updateSellerProfileSchema>,
    unknown,
    z.output<typeof updateSellerProfileSchema>
  >({
    resolver: zodResolver(updateSellerProfileSchema),
    values: { businessName: profile.businessName, description: profile.description ?? "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: "Profile saved", description: "Your application has been updated." }),
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-xl" aria-label="Business profile">
        <TextField control={form.control} name="businessName" label="Business Name" />
        <TextField
          control={form.control}
          name="description"
          label="Description"
          rows={3}
          placeholder="What do you sell? Where do your items come from?"
        />
        <div>
          <Button type="submit" variant="outline" disabled={update.isPending || !form.formState.isDirty}>
            {update.isPending ? "Saving..." : "Save details"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
