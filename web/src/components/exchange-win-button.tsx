import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/utils.ts";
import { Undo2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { plural } from "#shared/plural";

const ExchangeWinDialog = lazy(async () => ({
  default: (await import("./exchange-win-dialog.tsx")).ExchangeWinDialog,
}));

/**
 * "Exchange for N bids", beside "Pay $X now" on the wins page, the won auction's page and the win's
 * celebration: asks first (the win cannot be had back), then gives the win up for the bids placed on it.
 */
export function ExchangeWinButton({
  auctionId,
  productName,
  bids,
  className,
  size = "lg",
  onExchanged,
}: {
  auctionId: string;
  productName: string;
  /** The winner's bids on the auction, by hand and by agent: what comes back. */
  bids: number;
  className?: string;
  /** Beside "Pay $X now", the same size as it. */
  size?: "lg" | "default";
  onExchanged?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first ask on, so the dialog can animate closed.
  const [asked, setAsked] = useState(false);
  const label = `Exchange for ${plural(bids, "bid")}`;
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={cn("min-h-11", className)}
        onClick={() => {
          setAsked(true);
          setConfirming(true);
        }}
        data-testid="exchange-win"
      >
        <Undo2 aria-hidden="true" />
        {label}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ExchangeWinDialog
            auctionId={auctionId}
            productName={productName}
            bids={bids}
            label={label}
            open={confirming}
            onOpenChange={setConfirming}
            {...(onExchanged ? { onExchanged } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
