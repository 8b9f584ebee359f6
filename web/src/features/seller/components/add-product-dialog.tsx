import { ProductDialog } from "@web/components/product-dialog.tsx";
import { sellerProductFormDefaults } from "#shared/schemas/seller";
import { useCreateSellerProduct } from "../api/create-seller-product.ts";

/** "Add New Product": on success the dialog closes, the form resets and the product list refetches. */
export function AddProductDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateSellerProduct();
  return (
    <ProductDialog
      {...props}
      title="Add New Product"
      description="An admin reviews every product before its auction goes live."
      defaultValues={sellerProductFormDefaults}
      create={create}
    />
  );
}
