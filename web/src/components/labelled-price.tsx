import { formatPrice } from "#shared/money";

/** "Starting price: $1.00" in a product's figures: the label muted, the price strong. */
export function LabelledPrice({ label, price }: { label: string; price: string }) {
  return (
    <span>
      <span className="text-muted-foreground">{label}:</span> <strong>{formatPrice(price)}</strong>
    </span>
  );
}
