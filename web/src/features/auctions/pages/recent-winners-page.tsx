import { useInfiniteQuery } from "@tanstack/react-query";
import { AllInSavings } from "@web/components/all-in-savings.tsx";
import { EmptyList, PagedQueryList } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { ProductPhoto } from "@web/components/product-image.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { formatDateTime } from "@web/lib/format-date.ts";
import { listPagesQuery } from "@web/lib/list-pages.ts";
import { Trophy } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { EndedAuction } from "#shared/schemas/auctions";
import { FINAL_PRICE_LABEL } from "#shared/win-figures";
import { allInText, bidsValueOf } from "#shared/win-savings";
import { EconomicsLine } from "../components/economics-line.tsx";

/** /recent-winners: who won what lately, and for how much all-in against retail. */
export function RecentWinnersPage() {
  const winners = useInfiniteQuery(listPagesQuery<EndedAuction>("/api/auctions/ended", 20));
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Recent winners"
        description="Real wins, newest first. The saving counts the winner's bids too: what they paid for them, plus the final price."
      />
      <PagedQueryList
        query={winners}
        loadMoreLabel="Load more winners"
        errorFallback="Failed to load the recent winners"
        empty={
          <EmptyList
            icon={Trophy}
            title="No winners yet"
            description="The first auctions are still running."
          />
        }
      >
        {(win) => <Win key={win.id} win={win} />}
      </PagedQueryList>
    </PageContainer>
  );
}

function Win({ win }: { win: EndedAuction }) {
  const href = paths.auction.getHref(win.id);
  return (
    <Card data-testid="recent-win" data-auction-id={win.id} className="flex gap-3 p-3 sm:gap-4">
      <Link to={href} className="block size-20 shrink-0 overflow-hidden rounded-md bg-muted sm:size-24">
        <ProductPhoto product={win.product} className="size-full object-cover" />
      </Link>
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <Link to={href} className="font-semibold leading-snug hover:text-primary-hover">
          {win.product.name}
        </Link>
        <p className="text-sm">
          Won by <span className="font-semibold">{win.winner.username}</span> · {FINAL_PRICE_LABEL}{" "}
          <span className="font-semibold" data-testid="final-price">
            {formatPrice(win.finalPrice)}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          {plural(win.totalBids, "bid")} in all · the winner's{" "}
          <span data-testid="all-in">
            {allInText(win.allInCost, win.winnerBids, bidsValueOf(win.allInCost, win.finalPrice))}
          </span>
        </p>
        <AllInSavings allInCost={win.allInCost} retailPrice={win.retailPrice} meltValue={win.meltValue} />
        <EconomicsLine economics={win.economics} />
        <p className="text-xs text-muted-foreground">Ended {formatDateTime(win.endedAt)}</p>
      </div>
    </Card>
  );
}
