import type { WonAuction } from "#shared/schemas/orders";
import { allInText } from "#shared/win-savings";

/** The winner's All-in line, in My Wins' and My Orders' words; loaded for a winner only. */
export function WinAllIn({ win }: { win: WonAuction }) {
  return (
    <p className="text-sm" data-testid="you-won-all-in">
      {allInText(win.allInCost, win.me.bidsPlaced, win.me.bidsValue)}
    </p>
  );
}
