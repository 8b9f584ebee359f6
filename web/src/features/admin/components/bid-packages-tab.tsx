import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { QueryList } from "@web/components/list-states.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Coins, Pencil, Power, PowerOff } from "lucide-react";
import { useState } from "react";
import { formatPrice } from "#shared/money";
import { BEST_VALUE_LABEL, pricePerBid, savingsLabel } from "#shared/packages";
import { plural } from "#shared/plural";
import type { AdminBidPackage } from "#shared/schemas/bid-packages";
import { adminQueries } from "../api/queries.ts";
import { useUpdateBidPackage } from "../api/update-bid-package.ts";
import { BidPackageDialog } from "./bid-package-dialog.tsx";
import { emptyTab } from "./empty-tab.tsx";
import { AddButtonBar, filterOptions, ListFilters, useListFilters } from "./list-filters.tsx";

const PACKAGE_STATUSES = filterOptions("All statuses", ["active", "inactive"]);

const NO_PACKAGES = emptyTab(Coins, "No Bid Packages", "Buyers have nothing to buy until you add a package.");

function PackageCard({
  pkg,
  onEdit,
  onDeactivate,
  onActivate,
  busy,
}: {
  pkg: AdminBidPackage;
  onEdit: () => void;
  onDeactivate: () => void;
  onActivate: () => void;
  busy: boolean;
}) {
  const perBid = pricePerBid(pkg.price, pkg.bidCount);
  const saving = savingsLabel(pkg.savings);
  return (
    <Card data-testid="admin-bid-package" className={pkg.active ? undefined : "bg-muted/40"}>
      <CardContent className="grid gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{pkg.name}</h3>
          <Badge variant={pkg.active ? "success" : "muted"}>{pkg.active ? "Active" : "Inactive"}</Badge>
          {pkg.popular && <Badge variant="warning">{BEST_VALUE_LABEL}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">id: {pkg.id}</p>
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-lg font-bold">{formatPrice(pkg.price)}</span>
          <span>{plural(pkg.bidCount, "bid")}</span>
          {perBid && <span className="text-sm text-muted-foreground">{formatPrice(perBid)} per bid</span>}
          {saving && <span className="text-sm text-muted-foreground">{saving}</span>}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="outline" aria-label={`Edit ${pkg.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          {pkg.active ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-red-50"
              aria-label={`Deactivate ${pkg.name}`}
              onClick={onDeactivate}
            >
              <PowerOff aria-hidden="true" />
              Deactivate
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Activate ${pkg.name}`}
              disabled={busy}
              onClick={onActivate}
            >
              <Power aria-hidden="true" />
              Activate
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Every bid package, active or not: add, edit, deactivate and reactivate (docs/product.md section 2). */
export function BidPackagesTab() {
  const packages = useQuery(adminQueries.bidPackages());
  const update = useUpdateBidPackage();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<AdminBidPackage | null>(null);
  const [deactivating, setDeactivating] = useState<AdminBidPackage | null>(null);
  const filters = useListFilters("packages", "Filter packages by status", PACKAGE_STATUSES);

  const openDialog = (pkg: AdminBidPackage | null) => {
    setEditing(pkg);
    setDialogOpen(true);
  };

  const body = (
    <QueryList query={packages} errorFallback="Could not load bid packages" empty={NO_PACKAGES}>
      {(loaded) => {
        const shown = filters.apply(
          loaded,
          (p) => (p.active ? "active" : "inactive"),
          (p) => [p.name, p.id],
        );
        return (
          <>
            <ListFilters {...filters.props} shown={shown.length} total={loaded.length} />
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((pkg) => (
                <PackageCard
                  key={pkg.id}
                  pkg={pkg}
                  busy={update.isPending}
                  onEdit={() => openDialog(pkg)}
                  onDeactivate={() => setDeactivating(pkg)}
                  onActivate={() => update.mutate({ id: pkg.id, active: true })}
                />
              ))}
            </div>
          </>
        );
      }}
    </QueryList>
  );

  return (
    <div className="grid gap-4">
      <AddButtonBar label="Add Package" onAdd={() => openDialog(null)} />
      {body}
      <BidPackageDialog open={dialogOpen} editing={editing} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title="Deactivate package?"
        description={`"${deactivating?.name ?? ""}" will no longer be offered to buyers. Purchases already made or under way are not affected; you can activate it again later.`}
        confirmLabel="Deactivate"
        busy={update.isPending}
        onConfirm={() =>
          deactivating &&
          update.mutate({ id: deactivating.id, active: false }, { onSettled: () => setDeactivating(null) })
        }
      />
    </div>
  );
}
