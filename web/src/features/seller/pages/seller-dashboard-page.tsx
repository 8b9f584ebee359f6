import { useQuery } from "@tanstack/react-query";
import { DashboardTabs } from "@web/components/dashboard-tabs.tsx";
import { EmptyList, ListError } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { QueryGrid } from "@web/components/query-grid.tsx";
import { SellerAuctionCard } from "@web/components/seller-auctions.tsx";
import { SellerProductCard } from "@web/components/seller-products.tsx";
import { StatCard } from "@web/components/stat-card.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { DollarSign, Gavel, Package, Plus, TrendingUp } from "lucide-react";
import { lazy, useState } from "react";
import { sellerQueries } from "../api/queries.ts";
import { AddProductDialog } from "../components/add-product-dialog.tsx";
import { sellerStats } from "../components/seller-stats.ts";
import { SellerStatusCard } from "../components/seller-status-card.tsx";

// The charts and their library load with the tab, never with the page.
const SalesTab = lazy(async () => ({ default: (await import("../components/sales-tab.tsx")).SalesTab }));

const NO_AUCTIONS = (
  <EmptyList icon={Gavel} title="No Auctions Yet" description="Your products will appear here once listed" />
);

export function SellerDashboardPage() {
  const profile = useQuery(sellerQueries.profile());
  const products = useQuery(sellerQueries.products());
  const auctions = useQuery(sellerQueries.auctions());
  const [adding, setAdding] = useState(false);

  const stats = auctions.data ? sellerStats(auctions.data) : undefined;
  const canList = profile.data?.status === "approved";
  const addButton = (
    <Button
      onClick={() => setAdding(true)}
      disabled={!canList}
      title={canList ? undefined : "Available once approved"}
    >
      <Plus aria-hidden="true" />
      Add Product
    </Button>
  );

  const productList = (
    <QueryGrid
      query={products}
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      errorFallback="Could not load your products"
      empty={
        <EmptyList
          icon={Package}
          title="No Products Yet"
          description="Add your first product to start creating auctions"
          action={addButton}
        />
      }
    >
      {(product) => <SellerProductCard key={product.id} product={product} />}
    </QueryGrid>
  );
  const auctionList = (
    <QueryGrid query={auctions} errorFallback="Could not load your auctions" empty={NO_AUCTIONS}>
      {(auction) => <SellerAuctionCard key={auction.id} auction={auction} />}
    </QueryGrid>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Seller Dashboard"
        description="Manage your products and track auction performance"
        actions={addButton}
      />
      {profile.data && <SellerStatusCard profile={profile.data} />}
      {profile.isError && (
        <div className="mb-6">
          <ListError
            error={profile.error}
            fallback="Could not load your seller profile"
            onRetry={() => profile.refetch()}
          />
        </div>
      )}

      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <StatCard title="Active Auctions" value={stats?.activeAuctions} hint="Currently live" icon={Gavel} />
        <StatCard title="Total Bids" value={stats?.totalBids} hint="Across all auctions" icon={TrendingUp} />
        <StatCard
          title="Current Value"
          value={stats?.currentValue}
          hint="Total auction value"
          icon={DollarSign}
        />
      </div>

      <DashboardTabs
        defaultValue="products"
        tabs={[
          { value: "products", label: "Products", content: productList },
          { value: "auctions", label: "Auctions", content: auctionList },
          { value: "sales", label: "Sales", content: <SalesTab />, lazyPlaceholders: 2 },
        ]}
      />

      <AddProductDialog open={adding} onOpenChange={setAdding} />
    </PageContainer>
  );
}
