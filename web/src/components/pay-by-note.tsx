import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { winExpired } from "@web/lib/wins.ts";
import { CalendarClock, CircleX } from "lucide-react";
import { plural } from "#shared/plural";
import type { WonAuction } from "#shared/schemas/orders";

/**
 * By when an unpaid win (or order) must be paid, in the viewer's own time, or that the deadline passed
 * and it expired: the same words on the wins page, the won auction's page and My Orders.
 */
export function PayByNote({
  win,
  what = "win",
}: {
  win: Pick<WonAuction, "payBy" | "paymentExpiredAt"> & { exchangedBids?: number | null };
  what?: "win" | "order";
}) {
  if (win.exchangedBids != null) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium" data-testid="pay-by" data-expired="true">
        <CircleX className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        Exchanged for {plural(win.exchangedBids, "bid")}: this win can no longer be paid for.
      </p>
    );
  }
  if (!win.payBy) return null;
  if (winExpired(win, Date.now())) {
    return (
      <p
        className="flex items-center gap-1.5 text-sm font-medium text-destructive"
        data-testid="pay-by"
        data-expired="true"
      >
        <CircleX className="size-4 shrink-0" aria-hidden="true" />
        Expired: the payment deadline ({formatDateTimeWithYear(win.payBy)}) passed without a payment.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="pay-by">
      <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        Pay by <strong>{formatDateTimeWithYear(win.payBy)}</strong>, or the {what} expires.
      </span>
    </p>
  );
}
