import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field.tsx";
import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@web/components/ui/form.tsx";
import { WholeNumberField } from "@web/components/whole-number-field.tsx";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import {
  type AdminBidPackage,
  type BidPackageFormInput,
  bidPackageFormDefaults,
  bidPackageFormSchema,
} from "#shared/schemas/bid-packages";
import { useCreateBidPackage } from "../api/create-bid-package.ts";
import { useUpdateBidPackage } from "../api/update-bid-package.ts";

/** The fields as typed: numbers stay text until the shared schema reads them. */
interface BidPackageFormValues {
  name: string;
  bidCount: string | number;
  price: string;
  savings: string | number;
  popular: boolean;
}

function valuesOf(pkg: AdminBidPackage | null): BidPackageFormValues {
  if (!pkg) return { ...bidPackageFormDefaults };
  return {
    name: pkg.name,
    bidCount: String(pkg.bidCount),
    price: pkg.price,
    savings: String(pkg.savings),
    popular: pkg.popular,
  };
}

/**
 * "Add Package" (`editing` null) and "Edit Package": name, bid count, price, savings and the popular
 * flag. A new price applies to payments started from now on.
 */
export function BidPackageDialog({
  open,
  editing,
  onOpenChange,
}: {
  open: boolean;
  editing: AdminBidPackage | null;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateBidPackage();
  const update = useUpdateBidPackage();
  const form = useForm<BidPackageFormValues, unknown, BidPackageFormInput>({
    resolver: zodResolver(bidPackageFormSchema),
    defaultValues: valuesOf(editing),
  });
  const { reset } = form;
  // Each opening starts from the package being edited (or empty for a new one).
  useEffect(() => {
    if (open) reset(valuesOf(editing));
  }, [open, editing, reset]);

  const busy = create.isPending || update.isPending;
  const title = editing ? "Edit Package" : "Add Package";
  const onSubmit = form.handleSubmit((values) => {
    const done = { onSuccess: () => onOpenChange(false) };
    if (editing) update.mutate({ id: editing.id, ...values }, done);
    else create.mutate(values, done);
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      title={title}
      description={
        editing
          ? "Changes apply to purchases started from now on; payments already under way keep their price."
          : "The package goes on sale as soon as it is created."
      }
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={title}>
          <TextField
            control={form.control}
            name="name"
            label="Name"
            placeholder="Starter"
            autoComplete="off"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <WholeNumberField
              control={form.control}
              name="bidCount"
              label="Bid Count"
              min={1}
              placeholder="50"
            />
            <TextField
              control={form.control}
              name="price"
              label="Price ($)"
              inputMode="decimal"
              placeholder="25.00"
            />
          </div>
          <WholeNumberField
            control={form.control}
            name="savings"
            label="Savings (%)"
            min={0}
            max={100}
            description='Shown as "Save N%" when above 0.'
          />
          <FormField
            control={form.control}
            name="popular"
            render={({ field }) => (
              <FormItem className="flex items-start gap-2 space-y-0">
                <FormControl>
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-primary"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                </FormControl>
                <FormLabel className="font-normal">
                  Popular: marked "Best Value" on the packages page
                </FormLabel>
              </FormItem>
            )}
          />
          <DialogActions
            onCancel={() => onOpenChange(false)}
            label={busy ? "Saving..." : editing ? "Save Changes" : "Add Package"}
            disabled={busy}
          />
        </form>
      </Form>
    </TitledDialog>
  );
}
