import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { QueryList } from "@web/components/list-states.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { ApprovalBadge } from "@web/components/status-badges.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Package, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatPrice } from "#shared/money";
import type { AdminProduct } from "#shared/schemas/admin";
import { useDeleteAdminProduct } from "../api/delete-product.ts";
import { adminQueries } from "../api/queries.ts";
import { AdminAddProductDialog } from "./add-product-dialog.tsx";
import { AdminTable, AdminTableRow } from "./admin-table.tsx";
import { EditProductDialog } from "./edit-product-dialog.tsx";
import { emptyTab } from "./empty-tab.tsx";
import { AddButtonBar, filterOptions, ListFilters, useListFilters } from "./list-filters.tsx";

const PRODUCT_STATUSES = filterOptions<AdminProduct["status"]>("All statuses", [
  "pending",
  "approved",
  "rejected",
]);

const NO_PRODUCTS = emptyTab(Package, "No Products Listed", "Products appear here once added.");

const PRODUCT_COLUMNS = [
  { label: "Product" },
  { label: "Status", className: "hidden md:table-cell" },
  { label: "Start", className: "hidden text-right sm:table-cell" },
];

/** Every product in one compact table: a thumbnail, the name and seller, status, price, Edit and Delete. */
function ProductsTable({
  products,
  onEdit,
  onDelete,
}: {
  products: AdminProduct[];
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}) {
  return (
    <AdminTable testId="admin-products-list" columns={PRODUCT_COLUMNS}>
      {products.map((product) => (
        <AdminTableRow key={product.id} testId="admin-product">
          <td className="px-3 py-2">
            <div className="flex min-w-0 items-center gap-3">
              <ProductPhoto
                product={product}
                className="size-10 shrink-0 rounded-md border border-border bg-muted object-cover"
              />
              <div className="grid min-w-0 gap-1">
                <span className="font-medium [overflow-wrap:anywhere]">{product.name}</span>
                <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                  <MetalBadge metalType={product.metalType} />
                  <span className="md:hidden">
                    <ApprovalBadge status={product.status} />
                  </span>
                  <span className="hidden [overflow-wrap:anywhere] sm:inline">
                    {product.seller.businessName}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground [overflow-wrap:anywhere] sm:hidden">
                  <span className="font-semibold text-foreground">{formatPrice(product.startingPrice)}</span>{" "}
                  start · {product.seller.businessName}
                </span>
              </div>
            </div>
          </td>
          <td className="hidden px-3 py-2 md:table-cell">
            <ApprovalBadge status={product.status} />
          </td>
          <td className="hidden whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums sm:table-cell">
            {formatPrice(product.startingPrice)}
          </td>
          <td className="px-3 py-2">
            <div className="flex justify-end gap-1">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Edit ${product.name}`}
                onClick={() => onEdit(product)}
              >
                <Pencil aria-hidden="true" />
                <span className="hidden sm:inline">Edit</span>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:bg-red-50"
                aria-label={`Delete ${product.name}`}
                onClick={() => onDelete(product)}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">Delete</span>
              </Button>
            </div>
          </td>
        </AdminTableRow>
      ))}
    </AdminTable>
  );
}

export function ProductsTab() {
  const products = useQuery(adminQueries.products());
  const remove = useDeleteAdminProduct();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const filters = useListFilters("products", "Filter products by status", PRODUCT_STATUSES);

  const body = (
    <QueryList query={products} errorFallback="Could not load products" empty={NO_PRODUCTS}>
      {(loaded) => {
        const shown = filters.apply(
          loaded,
          (p) => p.status,
          (p) => [p.name, p.seller.businessName, p.metalType],
        );
        return (
          <>
            <ListFilters {...filters.props} shown={shown.length} total={loaded.length} />
            <ProductsTable products={shown} onEdit={setEditing} onDelete={setDeleting} />
          </>
        );
      }}
    </QueryList>
  );

  return (
    <div className="grid gap-4">
      <AddButtonBar label="Add Product" onAdd={() => setAdding(true)} />
      {body}
      <AdminAddProductDialog open={adding} onOpenChange={setAdding} />
      {editing && <EditProductDialog product={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete product?"
        description={`"${deleting?.name ?? ""}" and its auction (if nobody has bid yet) will be removed.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
