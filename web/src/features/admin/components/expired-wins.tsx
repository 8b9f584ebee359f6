import { useQuery } from "@tanstack/react-query";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDateTime } from "@web/lib/format-date.ts";
import { RotateCcw } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { ExpiredWin } from "#shared/schemas/admin";
import { adminQueries } from "../api/queries.ts";
import { relistFieldError, useRelistAuction } from "../api/relist-auction.ts";
import { ATTENTION_ROW, AttentionCard } from "./attention-card.tsx";
import { LockAtPriceField, lockAtPriceOf, lockPriceValid } from "./lock-at-price-field.tsx";

/**
 * The wins that expired unpaid: the item is free again, so the admin may list it again (a new auction
 * of the same product). Shown above the auctions only while there are any.
 */
export function ExpiredWins() {
  const expired = useQuery(adminQueries.expiredWins());
  if (!expired.data || expired.data.length === 0) return null;
  return (
    <AttentionCard
      testId="expired-wins"
      title="Expired unpaid wins"
      count={expired.data.length}
      description="The winner did not pay by the deadline, or gave the win up for their bids. List the item again to start a new auction of it."
    >
      {expired.data.map((win) => (
        <ExpiredWinRow key={win.id} win={win} />
      ))}
    </AttentionCard>
  );
}

function ExpiredWinRow({ win }: { win: ExpiredWin }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={ATTENTION_ROW} data-testid="expired-win" data-auction-id={win.id}>
      <ProductPhoto product={win.product} frame className="size-12" />
      <div className="grid min-w-48 flex-1 gap-0.5">
        <Link to={paths.auction.getHref(win.id)} className="truncate font-semibold hover:underline">
          {win.product.name}
        </Link>
        <p className="text-sm text-muted-foreground">
          {win.winner ? `Won by ${win.winner.username}` : "Won"} for {formatPrice(win.currentPrice)} ·{" "}
          {win.exchangedBids !== null ? (
            `exchanged for ${plural(win.exchangedBids, "bid")}`
          ) : (
            <>
              not paid by <time dateTime={win.payBy}>{formatDateTime(win.payBy)}</time>
            </>
          )}
        </p>
      </div>
      <Button size="sm" className="min-h-11" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" />
        List again<span className="sr-only"> {win.product.name}</span>
      </Button>
      {open && <RelistDialog win={win} onClose={() => setOpen(false)} />}
    </div>
  );
}

/**
 * "List again": a new auction of the expired win's product, starting now, that may lock at a price (the
 * approval dialog's field); the server's refusal of that price shows at the field.
 */
function RelistDialog({ win, onClose }: { win: ExpiredWin; onClose: () => void }) {
  const relist = useRelistAuction();
  const [lockAt, setLockAt] = useState("");
  const serverError = relistFieldError(relist.error);
  const lockValid = lockPriceValid(lockAt, win.startingPrice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!lockValid) return;
    relist.mutate({ id: win.id, lockAtPrice: lockAtPriceOf(lockAt) }, { onSuccess: onClose });
  };
  return (
    <TitledDialog
      open
      onOpenChange={(next) => !next && onClose()}
      className="max-w-md"
      title="List again"
      description={`${win.product.name}: a new auction of it starts as soon as you list it, from ${formatPrice(win.startingPrice)}.`}
    >
      <form onSubmit={submit} className="grid gap-5" aria-label="List again">
        <LockAtPriceField
          value={lockAt}
          onChange={(value) => {
            setLockAt(value);
            if (relist.error) relist.reset();
          }}
          startingPrice={win.startingPrice}
          serverError={serverError}
        />
        <DialogActions
          onCancel={onClose}
          label={relist.isPending ? "Listing..." : "List again"}
          disabled={relist.isPending || !lockValid || serverError !== null}
        />
      </form>
    </TitledDialog>
  );
}
