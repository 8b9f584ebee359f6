import { ProductDialog } from "@web/components/product-dialog.tsx";
import { adminProductFormDefaults } from "#shared/schemas/admin";
import { useCreateAdminProduct } from "../api/create-product.ts";

/** The admin's "Add Product": listed by the platform itself, then approved like any product. */
export function AdminAddProductDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateAdminProduct();
  return (
    <ProductDialog
      {...props}
      title="Add Product"
      description="Listed by the platform. It appears under Product Approvals; approving it starts its auction."
      defaultValues={{ ...adminProductFormDefaults }}
      create={create}
      weightLabel="Weight (oz)"
      pricePlaceholder="0.01"
    />
  );
}
