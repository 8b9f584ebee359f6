import { ProductDialog } from "@web/components/product-dialog.tsx";
import type { ComponentProps } from "react";
import { adminProductFormDefaults } from "#shared/schemas/admin";
import { useCreateAdminProduct } from "../api/create-product.ts";

const PLATFORM_PRODUCT = {
  title: "Add Product",
  description: "Listed by the platform. It appears under Product Approvals; approving it starts its auction.",
  defaultValues: adminProductFormDefaults,
  weightLabel: "Weight (oz)",
  pricePlaceholder: "0.01",
} satisfies Partial<ComponentProps<typeof ProductDialog>>;

/** The admin's "Add Product": listed by the platform itself, then approved like any product. */
export function AdminAddProductDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateAdminProduct();
  return <ProductDialog {...props} {...PLATFORM_PRODUCT} create={create} />;
}
