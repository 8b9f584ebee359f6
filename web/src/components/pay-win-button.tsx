import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { CreditCard } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";

/**
 * The one way to pay for a win, the same on the wins page and on the won auction's page: the order
 * checkout, which asks for the address (creating the order) and then the card.
 */
export function PayWinButton({
  auctionId,
  finalPrice,
  className,
}: {
  auctionId: string;
  finalPrice: string;
  className?: string;
}) {
  return (
    <Button asChild size="lg" className={className} data-testid="pay-win">
      <Link to={paths.orderCheckout.getHref(auctionId)}>
        <CreditCard aria-hidden="true" />
        Pay {formatPrice(finalPrice)} now
      </Link>
    </Button>
  );
}
