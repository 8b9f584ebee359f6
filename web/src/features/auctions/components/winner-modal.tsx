import { useQuery } from "@tanstack/react-query";
import { ExchangeWinButton } from "@web/components/exchange-win-button.tsx";
import { DialogHeading } from "@web/components/titled-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { paths } from "@web/config/paths.ts";
import { awaitsPayment, winExpired, wonAuctionsQuery } from "@web/lib/wins.ts";
import { Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CONFETTI_BURST_INTERVAL_MS, CONFETTI_DURATION_MS } from "#shared/constants";
import { formatPrice } from "#shared/money";
import { dismissWin, useCurrentWin } from "../lib/winner-store.ts";

/**
 * Confetti for 3000 ms, a burst every 250 ms (docs/product.md section 9), from both sides of the screen,
 * on a canvas of our own that screen readers skip (decoration, outside every landmark).
 */
function celebrate(): () => void {
  const endsAt = Date.now() + CONFETTI_DURATION_MS;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.style.cssText = "position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:1000";
  document.body.appendChild(canvas);
  // Loaded on a win only: the confetti library is no part of a first visit.
  const library = import("canvas-confetti").then((module) =>
    module.default.create(canvas, { resize: true, disableForReducedMotion: true }),
  );
  const burst = () => {
    for (const x of [0.2, 0.8]) {
      void library.then((confetti) =>
        confetti({ particleCount: 40, spread: 70, startVelocity: 40, origin: { x, y: 0.6 } }),
      );
    }
  };
  burst();
  const timer = setInterval(() => {
    if (Date.now() >= endsAt) clearInterval(timer);
    else burst();
  }, CONFETTI_BURST_INTERVAL_MS);
  // The last bursts fall for a while after the 3 s: the canvas goes once they are down.
  const removal = setTimeout(() => canvas.remove(), CONFETTI_DURATION_MS + 4000);
  return () => {
    clearInterval(timer);
    clearTimeout(removal);
    canvas.remove();
  };
}

/** Focuses `previous` if it is still on the page and can take focus, else the page's main heading. */
export function returnFocus(previous: Element | null) {
  if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body) {
    previous.focus();
    // A control that became disabled (Place Bid once the auction ended) silently refuses focus.
    if (document.activeElement === previous) return;
  }
  const heading = document.querySelector<HTMLElement>("main h1, h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus();
}

/** The winner's celebration: product name and final price, opened by the win of the signed-in user. */
export function WinnerModal() {
  const win = useCurrentWin();
  const focusedBefore = useRef<Element | null>(null);
  // The wins list says how many bids an exchange would give back (it may lag the win by a moment).
  const wins = useQuery({ ...wonAuctionsQuery(), enabled: win !== null });
  const listed = wins.data?.find((w) => w.id === win?.auctionId);
  const exchangeable =
    listed && listed.exchangedBids === null && awaitsPayment(listed) && !winExpired(listed, Date.now());

  useEffect(() => (win ? celebrate() : undefined), [win]);

  return (
    <Dialog open={win !== null} onOpenChange={(open) => !open && dismissWin()}>
      <DialogContent
        data-testid="winner-modal"
        className="text-center"
        onOpenAutoFocus={() => {
          focusedBefore.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          // It opened by itself, so there is no trigger: focus goes back where the user was, or, when
          // that is gone (the Place Bid button became the ended panel), to the page's heading.
          event.preventDefault();
          returnFocus(focusedBefore.current);
        }}
      >
        {win && (
          <>
            <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary-soft">
              <Trophy className="size-8 text-primary" aria-hidden="true" />
            </div>
            <DialogHeading
              className="pr-0 text-center sm:text-center"
              titleClassName="text-2xl"
              title="Congratulations! You won!"
              description={<>You are the winner of {win.productName}.</>}
            />
            <div>
              <p className="text-sm text-muted-foreground">Final price</p>
              <p className="text-3xl font-bold text-primary-hover" data-testid="winner-final-price">
                {formatPrice(win.finalPrice)}
              </p>
            </div>
            <DialogFooter className="sm:justify-center">
              <Button variant="outline" onClick={dismissWin}>
                Close
              </Button>
              <Button asChild variant="outline" onClick={dismissWin}>
                <Link to={paths.myWins.getHref()}>View My Wins</Link>
              </Button>
              {exchangeable && (
                <ExchangeWinButton
                  auctionId={win.auctionId}
                  productName={win.productName}
                  bids={listed.me.bidsPlaced}
                  size="default"
                  onExchanged={dismissWin}
                />
              )}
              <Button asChild onClick={dismissWin}>
                <Link to={paths.orderCheckout.getHref(win.auctionId)}>
                  Pay {formatPrice(win.finalPrice)} now
                </Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
