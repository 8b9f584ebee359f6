import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { QueryList } from "@web/components/list-states.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { ApprovalBadge } from "@web/components/status-badges.tsx";
import { MetalBadge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Package, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatPrice } from "#shared/money";
import type { AdminProduct } from "#shared/schemas/admin";
import { useDeleteAdminProduct } from "../api/delete-product.ts";
import { adminQueries } from "../api/queries.ts";
import { AdminAddProductDialog } from "./add-product-dialog.tsx";
import { emptyTab } from "./empty-tab.tsx";
import { AddButtonBar, filterOptions, ListFilters, useListFilters } from "./list-filters.tsx";

const PRODUCT_STATUSES = filterOptions<AdminProduct["status"]>("All statuses", [
  "pending",
  "approved",
  "rejected",
]);

const NO_PRODUCTS = emptyTab(Package, "No Products Listed", "Products appear here once added.");

export function ProductsTab() {
  const products = useQuery(adminQueries.products());
  const remove = useDeleteAdminProduct();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
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
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((product) => (
                <Card key={product.id} className="overflow-hidden" data-testid="admin-product">
                  <ProductPhoto
                    product={product}
                    className="aspect-video w-full border-b border-border bg-muted object-cover"
                  />
                  <CardContent className="grid gap-2 p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <MetalBadge metalType={product.metalType} />
                      <ApprovalBadge status={product.status} />
                    </div>
                    <h3 className="font-semibold">{product.name}</h3>
                    <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
                    <p className="text-sm text-muted-foreground">{product.seller.businessName}</p>
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-bold">{formatPrice(product.startingPrice)}</span>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive hover:bg-red-50"
                        aria-label={`Delete ${product.name}`}
                        onClick={() => setDeleting(product)}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              ))}
            </div>
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
