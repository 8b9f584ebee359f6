import { PageContainer } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { AUCTION_TITLE_SLOT } from "@web/lib/early-request.ts";
import { ArrowLeft, Package } from "lucide-react";
import { Link } from "react-router";

export function BackLink() {
  return (
    <Link
      to={paths.home.getHref()}
      className="mb-6 inline-flex min-h-6 items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Auctions
    </Link>
  );
}

export function NotFound() {
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <Package className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Auction Not Found</h1>
        <p className="text-muted-foreground">This auction may have ended or been removed.</p>
        <Button asChild>
          <Link to={paths.home.getHref()}>Back to Auctions</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/** The auction's title, on its page and in the page's skeleton. */
export const AUCTION_TITLE_CLASS = "text-2xl font-bold tracking-tight sm:text-3xl";

/**
 * The auction page while it loads, laid out as the page: on phones the title and price first, on
 * desktops the image on the left. Its title slot stays hidden behind a bar until it has the name: the
 * boot script fills it when the auction's answer comes before the app renders (web/shells.ts), which
 * is then the title the page keeps, in the same place. The slot has room for two lines, so a name
 * written into the painted skeleton moves nothing below it (one that wraps to three lines would).
 */
export function DetailSkeleton() {
  return (
    <PageContainer>
      <BackLink />
      <div className="grid gap-8 lg:grid-cols-2" role="status" aria-busy="true" aria-label="Loading auction">
        <Skeleton className="order-2 hidden aspect-square w-full rounded-xl lg:order-1 lg:block" />
        <div className="order-1 grid content-start gap-6 lg:order-2">
          <div className="min-h-16 sm:min-h-18">
            <h1 hidden {...{ [AUCTION_TITLE_SLOT]: "" }} className={AUCTION_TITLE_CLASS} />
            <Skeleton {...{ [`${AUCTION_TITLE_SLOT}-placeholder`]: "" }} className="h-8 w-3/4 sm:h-9" />
          </div>
          <Skeleton className="aspect-[16/9] w-full rounded-xl lg:hidden" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </div>
    </PageContainer>
  );
}
