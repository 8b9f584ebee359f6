import { Button } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog.tsx";
import { paths } from "@web/config/paths.ts";
import { Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { CONFETTI_BURST_INTERVAL_MS, CONFETTI_DURATION_MS } from "#shared/constants";
import { formatPrice } from "#shared/money";
import { dismissWin, useCurrentWin } from "../lib/winner-store.ts";

/** Confetti for 3000 ms, a burst every 250 ms (docs/product.md section 9), from both sides of the screen. */
function celebrate(): () => void {
  const endsAt = Date.now() + CONFETTI_DURATION_MS;
  // Loaded on a win only: the confetti library is no part of a first visit.
  const library = import("canvas-confetti").then((module) => module.default);
  const burst = () => {
    for (const x of [0.2, 0.8]) {
      void library.then((confetti) =>
        confetti({
          particleCount: 40,
          spread: 70,
          startVelocity: 40,
          origin: { x, y: 0.6 },
          zIndex: 1000,
          disableForReducedMotion: true,
        }),
      );
    }
  };
  burst();
  const timer = setInterval(() => {
    if (Date.now() >= endsAt) clearInterval(timer);
    else burst();
  }, CONFETTI_BURST_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** The winner's celebration: product name and final price, opened by the win of the signed-in user. */
export function WinnerModal() {
  const win = useCurrentWin();

  useEffect(() => (win ? celebrate() : undefined), [win]);

  return (
    <Dialog open={win !== null} onOpenChange={(open) => !open && dismissWin()}>
      <DialogContent data-testid="winner-modal" className="text-center">
        {win && (
          <>
            <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary-soft">
              <Trophy className="size-8 text-primary" aria-hidden="true" />
            </div>
            <DialogHeader className="pr-0 text-center sm:text-center">
              <DialogTitle className="text-2xl">Congratulations! You won!</DialogTitle>
              <DialogDescription>You are the winner of {win.productName}.</DialogDescription>
            </DialogHeader>
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
              <Button asChild onClick={dismissWin}>
                <Link to={paths.wonAuctions.getHref()}>View My Wins</Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
