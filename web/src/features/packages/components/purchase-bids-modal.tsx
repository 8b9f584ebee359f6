import { DialogHeading } from "@web/components/titled-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useLimits, useSelfExclusion } from "@web/lib/spending-limits.ts";
import { cn } from "@web/lib/utils.ts";
import { AlertCircle, Coins } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatPrice } from "#shared/money";
import { arrangePackagesForDisplay } from "#shared/packages";
import { plural } from "#shared/plural";
import type { BidPackage } from "#shared/schemas/payments";
import { useBidPackages } from "../api/get-bid-packages.ts";
import { storeSelectedPackage } from "../lib/selected-package.ts";
import { leftToday, limitRefusal } from "../lib/spending-limits.ts";
import { PackageSummary } from "./package-summary.tsx";
import { TrustBadges } from "./trust-badges.tsx";

export type PurchaseBidsModalProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What Retry does after a failed load; without it the page reloads (docs/product.md section 8). */
  onRetry?: () => void;
};

/** "Purchase Bid Credits": pick one package, then go to /checkout with it. */
export function PurchaseBidsModal({ open, onOpenChange, onRetry }: PurchaseBidsModalProps) {
  const packages = useBidPackages({ enabled: open });
  const { data: user } = useUser();
  const limits = useLimits(open && Boolean(user)).data;
  const budget = leftToday(limits);
  const excluded = useSelfExclusion();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const navigate = useNavigate();
  // Until the user picks one, the popular package is picked for them (Proceed works at once).
  const selected =
    packages.data?.find((p) => p.id === selectedId) ?? packages.data?.find((p) => p.popular) ?? null;
  // Said in the dialog as soon as the package is picked: the card form would only be refused.
  const refusal = selected ? limitRefusal(limits, selected.price) : null;

  const proceed = () => {
    if (!selected || refusal) return;
    storeSelectedPackage(selected);
    onOpenChange(false);
    setSelectedId(null);
    navigate(paths.checkout.getHref());
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeading
          titleClassName="flex items-center gap-2 text-xl"
          title={
            <>
              <Coins className="size-5 text-primary" aria-hidden="true" />
              Purchase Bid Credits
            </>
          }
          description="Choose a bid package to start winning premium silver and precious metals"
        >
          {excluded && (
            <p className="text-sm font-medium" data-testid="purchase-paused">
              {excluded}: bid credits cannot be bought until then.
            </p>
          )}
          {budget && (
            <p className="text-sm font-medium" data-testid="left-today">
              {budget}
            </p>
          )}
        </DialogHeading>

        {packages.isPending ? (
          <div className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
            <Spinner label="Loading packages" />
            <span>Loading packages...</span>
          </div>
        ) : packages.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <p className="font-semibold text-foreground">Failed to load bid packages</p>
            <p className="text-sm text-muted-foreground">{packages.error.message}</p>
            <Button variant="outline" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
              Retry
            </Button>
          </div>
        ) : packages.data.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">No packages available at this time.</p>
        ) : (
          <PackageChoice
            packages={packages.data}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
          />
        )}

        {refusal && (
          <p role="alert" className="text-sm text-destructive" data-testid="limit-refusal">
            {refusal}
          </p>
        )}
        <TrustBadges className="border-t border-border pt-4" />
        {/* Kept in view at the bottom of the scrolling dialog: on a phone the packages are taller than the screen. */}
        <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={!selected || excluded !== null || refusal !== null}
            onClick={proceed}
          >
            Proceed to Checkout
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PackageChoice({
  packages,
  selectedId,
  onSelect,
}: {
  packages: BidPackage[];
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <RadioGroup.Root
      aria-label="Bid packages"
      value={selectedId ?? ""}
      onValueChange={onSelect}
      className="grid gap-3 sm:grid-cols-3"
    >
      {arrangePackagesForDisplay(packages).map((bidPackage) => (
        <RadioGroup.Item
          key={bidPackage.id}
          value={bidPackage.id}
          aria-label={`${bidPackage.name}: ${plural(bidPackage.bidCount, "bid")} for ${formatPrice(bidPackage.price)}`}
          className={cn(
            "relative rounded-xl border-2 border-border bg-card p-4 text-left transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            "data-[state=checked]:border-primary data-[state=checked]:bg-primary-soft/60",
            bidPackage.popular && "sm:-my-1 sm:py-5 shadow-md",
          )}
        >
          <PackageSummary bidPackage={bidPackage} />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
