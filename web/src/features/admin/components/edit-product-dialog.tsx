import { ProductDialog } from "@web/components/product-dialog.tsx";
import type { ProductFormValues } from "@web/components/product-form-fields.tsx";
import type { AdminProduct } from "#shared/schemas/admin";
import type { ProductFormInput } from "#shared/schemas/seller";
import { useUpdateAdminProduct } from "../api/update-product.ts";

const EDIT_LABELS = { idle: "Save Changes", pending: "Saving..." };

function formValuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    metalType: product.metalType,
    weight: product.weight ?? "",
    purity: product.purity ?? "",
    imageUrl: product.imageUrl,
    startingPrice: product.startingPrice,
    retailPrice: product.retailPrice ?? "",
    buyNowStock: String(product.buyNowStock),
  };
}

/**
 * The admin's Edit of any product, pending or live: the add form with the product's values. Once its
 * auction has a bid the server keeps metal, weight, purity and starting price, and says which.
 */
export function EditProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const update = useUpdateAdminProduct();
  const save = {
    isPending: update.isPending,
    mutate: (values: ProductFormInput, options: { onSuccess: () => void }) =>
      // An emptied weight or purity clears it ("" on an edit), where creation leaves it out.
      update.mutate(
        { id: product.id, ...values, weight: values.weight ?? "", purity: values.purity ?? "" },
        options,
      ),
  };
  return (
    <ProductDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${product.name}`}
      description={
        product.auctionId
          ? "Changes show on its auction at once. After the first bid, metal, weight, purity and starting price stay as they are."
          : "Changes apply before approval; approving it starts its auction with them."
      }
      defaultValues={formValuesOf(product)}
      create={save}
      weightLabel="Weight (oz)"
      pricePlaceholder="0.01"
      submitLabels={EDIT_LABELS}
    />
  );
}
