import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import type { ReactNode } from "react";
import { decimalToCents } from "#shared/money";

/** Empty (never locks) or a price above the start, as the API requires. */
export function lockPriceValid(text: string, startingPrice: string): boolean {
  if (text.trim() === "") return true;
  const cents = decimalToCents(text);
  const start = decimalToCents(startingPrice) ?? 0;
  return cents !== null && cents > start;
}

/** What the form sends for the field: null (never locks) when left empty. */
export const lockAtPriceOf = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** A field's rule under it, red while the field breaks it. */
export function FieldHelp({ id, valid, children }: { id: string; valid: boolean; children: ReactNode }) {
  return (
    <p id={id} className={valid ? "text-xs text-muted-foreground" : "text-xs text-destructive"}>
      {children}
    </p>
  );
}

/**
 * "Lock at price (optional)", the same field on the admin's approval and relist dialogs: its rule
 * under it, red while the text breaks it, and the server's refusal of it (a 400 naming `lockAtPrice`)
 * in its place when there is one.
 */
export function LockAtPriceField({
  value,
  onChange,
  startingPrice,
  serverError = null,
}: {
  value: string;
  onChange: (value: string) => void;
  startingPrice: string;
  serverError?: string | null;
}) {
  const valid = lockPriceValid(value, startingPrice) && !serverError;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="lock-at-price">Lock at price (optional)</Label>
      <Input
        id="lock-at-price"
        inputMode="decimal"
        placeholder="e.g. 5.00"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={!valid}
        aria-describedby="lock-at-price-help"
      />
      <FieldHelp id="lock-at-price-help" valid={valid}>
        {serverError ? (
          <span data-testid="lock-at-price-error">{serverError}</span>
        ) : (
          <>
            Above the starting price. The bid that reaches it locks the auction: from then on only bidders who
            bid before may bid. Empty: it never locks.
          </>
        )}
      </FieldHelp>
    </div>
  );
}
