import { zodResolver } from "@hookform/resolvers/zod";
import { ProductFormFields, type ProductFormValues } from "@web/components/product-form-fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog.tsx";
import { Form } from "@web/components/ui/form.tsx";
import { useForm } from "react-hook-form";
import { adminProductFormDefaults } from "#shared/schemas/admin";
import { type ProductFormInput, productFormSchema } from "#shared/schemas/seller";
import { useCreateAdminProduct } from "../api/create-product.ts";

/** The admin's "Add Product": listed by the platform itself, then approved like any product. */
export function AdminAddProductDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateAdminProduct();
  const form = useForm<ProductFormValues, unknown, ProductFormInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: { ...adminProductFormDefaults },
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        form.reset();
        onOpenChange(false);
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Product</DialogTitle>
          <DialogDescription>
            Listed by the platform. It appears under Product Approvals; approving it starts its auction.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Add Product">
            <ProductFormFields form={form} weightLabel="Weight (oz)" pricePlaceholder="0.01" />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Adding..." : "Add Product"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
