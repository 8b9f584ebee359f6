import { PageContainer } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { paths } from "@web/config/paths.ts";
import { ArrowLeft, Package } from "lucide-react";
import { Link } from "react-router";

export function BackLink() {
  return (
    <Link
      to={paths.home.getHref()}
      className="mb-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
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

export function DetailSkeleton() {
  return (
    <PageContainer>
      <BackLink />
      <div className="grid gap-8 lg:grid-cols-2" role="status" aria-busy="true" aria-label="Loading auction">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </div>
    </PageContainer>
  );
}
