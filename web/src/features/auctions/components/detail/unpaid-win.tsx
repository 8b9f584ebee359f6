import { ExchangeWinButton } from "@web/components/exchange-win-button.tsx";
import { PayByNote } from "@web/components/pay-by-note.tsx";
import { PayWinButton } from "@web/components/pay-win-button.tsx";
import { winExpired } from "@web/lib/wins.ts";
import type { AuctionDetail } from "#shared/schemas/auctions";
import type { WonAuction } from "#shared/schemas/orders";

/**
 * The winner's choices on their unpaid win, as on the wins page: "Pay $X now" or "Exchange for N bids"
 * until the deadline, and by when (or that it expired or was exchanged). Loaded for a winner only: no
 * part of an auction page's first load.
 */
export function UnpaidWin({ auction, win }: { auction: AuctionDetail; win: WonAuction }) {
  return (
    <>
      {!winExpired(win, Date.now()) && (
        <div className="grid gap-2">
          <PayWinButton auctionId={auction.id} finalPrice={win.finalPrice} className="w-full" />
          <ExchangeWinButton
            auctionId={auction.id}
            productName={auction.product.name}
            bids={win.me.bidsPlaced}
            className="w-full"
          />
        </div>
      )}
      <div className="flex justify-center text-left">
        <PayByNote win={win} />
      </div>
    </>
  );
}
