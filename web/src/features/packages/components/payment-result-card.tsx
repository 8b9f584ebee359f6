import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** One outcome of a payment: its icon, title and line, what it adds, and the ways on. */
export function PaymentResultCard({
  icon,
  title,
  text,
  extra,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  extra?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 pt-8 text-center">
        {icon}
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{text}</p>
        </div>
        {extra}
        {/* Side by side they share the row; stacked on a phone, each keeps its full height (a flex basis of 0 would shrink it to its text). */}
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Button asChild size="lg" className="sm:flex-1">
            <Link to={paths.home.getHref()}>View Live Auctions</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="sm:flex-1">
            <Link to={paths.bidPackages.getHref()}>Buy More Bids</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          New to penny auctions?{" "}
          <Link to={paths.howItWorks.getHref()} className="font-semibold text-primary-hover hover:underline">
            Learn how bidding works
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** A line of the receipt under a successful payment. */
export function ReceiptRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
