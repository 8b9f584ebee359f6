import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "@web/components/ui/radio-group.tsx";
import { WholeNumberInput } from "@web/components/whole-number-field.tsx";
import { type FormEvent, useState } from "react";
import { formatPrice } from "#shared/money";
import type { AdminProduct } from "#shared/schemas/admin";
import { MAX_AUCTION_DURATION_SECONDS } from "#shared/schemas/admin";
import { FieldHelp, LockAtPriceField, lockAtPriceOf, lockPriceValid } from "./lock-at-price-field.tsx";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The lengths an admin picks from most often; "custom" takes minutes within the API's bounds. */
export const DURATION_PRESETS = [
  { value: String(HOUR), label: "1 hour" },
  { value: String(6 * HOUR), label: "6 hours" },
  { value: String(DAY), label: "24 hours" },
  { value: String(3 * DAY), label: "3 days" },
  { value: String(7 * DAY), label: "7 days" },
] as const;
const DEFAULT_DURATION = String(DAY);
const MIN_CUSTOM_MINUTES = 1;
const MAX_CUSTOM_MINUTES = MAX_AUCTION_DURATION_SECONDS / MINUTE;

export interface ApprovalChoice {
  durationSeconds: number;
  beginner: boolean;
  /** Null: the auction never locks. */
  lockAtPrice: string | null;
}

/**
 * "Approve Product": how long its auction runs (presets or a custom number of minutes, 1 minute to
 * 30 days), whether it is a beginner auction and the price at which it locks to its earlier bidders;
 * the product's prices for a last look.
 */
export function ApproveProductDialog({
  product,
  busy,
  onOpenChange,
  onApprove,
}: {
  product: AdminProduct | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onApprove: (choice: ApprovalChoice) => void;
}) {
  const [duration, setDuration] = useState<string>(DEFAULT_DURATION);
  const [customMinutes, setCustomMinutes] = useState("90");
  const [beginner, setBeginner] = useState(false);
  const [lockAt, setLockAt] = useState("");
  const lockValid = product === null || lockPriceValid(lockAt, product.startingPrice);
  const custom = duration === "custom";
  const minutes = Number(customMinutes);
  const customValid =
    Number.isInteger(minutes) && minutes >= MIN_CUSTOM_MINUTES && minutes <= MAX_CUSTOM_MINUTES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((custom && !customValid) || !lockValid) return;
    onApprove({
      durationSeconds: custom ? minutes * MINUTE : Number(duration),
      beginner,
      lockAtPrice: lockAtPriceOf(lockAt),
    });
  };

  return (
    <TitledDialog
      open={product !== null}
      onOpenChange={onOpenChange}
      className="max-w-md"
      title="Approve Product"
      description={product ? `${product.name}: its auction starts as soon as you approve.` : ""}
    >
      {product && (
        <form onSubmit={submit} className="grid gap-5" aria-label="Approve Product">
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted-foreground">Starting price</dt>
            <dd className="text-right">{formatPrice(product.startingPrice)}</dd>
            <dt className="text-muted-foreground">Retail price</dt>
            <dd className="text-right">{product.retailPrice ? formatPrice(product.retailPrice) : "—"}</dd>
            <dt className="text-muted-foreground">Buy It Now stock</dt>
            <dd className="text-right">{product.buyNowStock}</dd>
          </dl>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Auction length</legend>
            <RadioGroup
              value={duration}
              onValueChange={setDuration}
              className="grid-cols-2 gap-3 sm:grid-cols-3"
            >
              {[...DURATION_PRESETS, { value: "custom", label: "Custom" }].map((preset) => (
                <Label key={preset.value} className="flex items-center gap-2 font-normal">
                  <RadioGroupItem value={preset.value} />
                  {preset.label}
                </Label>
              ))}
            </RadioGroup>
            {custom && (
              <div className="mt-2 grid gap-1.5">
                <Label htmlFor="custom-minutes">Minutes</Label>
                <WholeNumberInput
                  id="custom-minutes"
                  min={MIN_CUSTOM_MINUTES}
                  max={MAX_CUSTOM_MINUTES}
                  value={customMinutes}
                  onChange={(event) => setCustomMinutes(event.target.value)}
                  aria-invalid={!customValid}
                  aria-describedby="custom-minutes-help"
                />
                <FieldHelp id="custom-minutes-help" valid={customValid}>
                  A whole number of minutes from {MIN_CUSTOM_MINUTES} to {MAX_CUSTOM_MINUTES} (30 days).
                </FieldHelp>
              </div>
            )}
          </fieldset>
          <Label className="flex items-start gap-2 font-normal">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={beginner}
              onChange={(event) => setBeginner(event.target.checked)}
            />
            <span>Beginner auction: only bidders who have not won yet may bid</span>
          </Label>
          <LockAtPriceField value={lockAt} onChange={setLockAt} startingPrice={product.startingPrice} />
          <DialogActions
            onCancel={() => onOpenChange(false)}
            label={busy ? "Starting..." : "Approve and Start Auction"}
            disabled={busy || (custom && !customValid) || !lockValid}
          />
        </form>
      )}
    </TitledDialog>
  );
}
