import { zodResolver } from "@hookform/resolvers/zod";
import { ProductFormFields, type ProductFormValues } from "@web/components/product-form-fields.tsx";
import { DialogActions, TitledDialog, type TitledDialogFrame } from "@web/components/titled-dialog.tsx";
import { Form } from "@web/components/ui/form.tsx";
import { useForm } from "react-hook-form";
import { type ProductFormInput, productFormSchema } from "#shared/schemas/seller";

/** What creating a product needs from its caller: the seller's or the admin's mutation (which toast their own outcome). */
export interface ProductCreation {
  mutate(values: ProductFormInput, options: { onSuccess: () => void }): void;
  isPending: boolean;
}

/**
 * The one product dialog, for sellers ("Add New Product") and the admin ("Add Product", listed by the
 * platform, and Edit): the shared fields, Cancel and submit; on success it resets and closes.
 */
export function ProductDialog({
  defaultValues,
  create,
  weightLabel,
  pricePlaceholder,
  submitLabels = { idle: "Add Product", pending: "Adding..." },
  ...frame
}: TitledDialogFrame & {
  title: string;
  description: string;
  defaultValues: ProductFormValues;
  create: ProductCreation;
  weightLabel?: string;
  pricePlaceholder?: string;
  /** The submit button's words (the admin's Edit saves instead of adding). */
  submitLabels?: { idle: string; pending: string };
}) {
  const form = useForm<ProductFormValues, unknown, ProductFormInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues,
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        form.reset();
        frame.onOpenChange(false);
      },
    }),
  );
  return (
    <TitledDialog {...frame} className="max-w-2xl">
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={frame.title}>
          <ProductFormFields
            form={form}
            {...(weightLabel ? { weightLabel } : {})}
            {...(pricePlaceholder ? { pricePlaceholder } : {})}
          />
          <DialogActions
            onCancel={() => frame.onOpenChange(false)}
            label={create.isPending ? submitLabels.pending : submitLabels.idle}
            disabled={create.isPending}
          />
        </form>
      </Form>
    </TitledDialog>
  );
}
