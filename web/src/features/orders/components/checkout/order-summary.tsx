import { ProductPhoto } from "@web/components/product-image.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { formatPrice } from "#shared/money";

export interface SummaryLine {
  label: string;
  value: string;
}

/** The left-hand card of a checkout: the item, the lines that make its price, and the total due. */
export function OrderSummary({
  product,
  sellerName,
  lines,
  total,
}: {
  product: { imageUrl: string; name: string; description: string };
  sellerName: string;
  lines: SummaryLine[];
  total: string;
}) {
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="order-summary">
        <ProductPhoto product={product} className="h-48 w-full rounded-lg object-cover" />
        <div className="grid gap-1">
          <h2 className="font-semibold">{product.name}</h2>
          <p className="text-sm text-muted-foreground">{product.description}</p>
        </div>
        <dl className="grid gap-2 text-sm">
          {[...lines, { label: "Seller", value: sellerName }].map((line) => (
            <div key={line.label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{line.label}</dt>
              <dd className="font-medium">{line.value}</dd>
            </div>
          ))}
          <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-border pt-3">
            <dt className="font-semibold">Total Due</dt>
            <dd className="text-2xl font-bold" data-testid="total-due">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
