import { useQuery } from "@tanstack/react-query";
import { ListPlaceholders } from "@web/components/list-states.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { StatCard } from "@web/components/stat-card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { DollarSign, Gavel, Package, Store, Users } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { adminQueries } from "../api/queries.ts";
import { AuctionsTab } from "../components/auctions-tab.tsx";
import { BidPackagesTab } from "../components/bid-packages-tab.tsx";
import { platformValue, platformValueHint } from "../components/platform-value.ts";
import { ProductApprovals } from "../components/product-approvals.tsx";
import { ProductsTab } from "../components/products-tab.tsx";
import { RecentRegistrationsCard } from "../components/recent-registrations-card.tsx";
import { SellerApprovals } from "../components/seller-approvals.tsx";
import { UsersTab } from "../components/users-tab.tsx";

// The charts and their library load with the tab, never with the page.
const StatsTab = lazy(async () => ({ default: (await import("../components/stats-tab.tsx")).StatsTab }));

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-semibold leading-5 text-primary-foreground">
      {count}
    </span>
  );
}

export function AdminPage() {
  const stats = useQuery(adminQueries.userStats());
  const pendingSellers = useQuery(adminQueries.pendingSellers());
  const pendingProducts = useQuery(adminQueries.pendingProducts());
  const products = useQuery(adminQueries.products());
  const auctions = useQuery(adminQueries.auctions());
  const users = useQuery(adminQueries.users());
  const bidPackages = useQuery(adminQueries.bidPackages());
  // "Last 24 hours" is judged against the time the page opened; a reload moves it on.
  const [openedAt] = useState(() => Date.now());
  const [tab, setTab] = useState("sellers");
  const tabs = useRef<HTMLDivElement>(null);
  const showAllUsers = () => {
    setTab("users");
    tabs.current?.scrollIntoView({ block: "start" });
  };

  return (
    <PageContainer>
      <PageHeader title="Admin Panel" description="Manage sellers, products, auctions and users" />

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard title="Total Users" value={stats.data?.totalUsers} icon={Users} />
        <StatCard title="Pending Sellers" value={pendingSellers.data?.length} icon={Store} />
        <StatCard title="Total Products" value={products.data?.length} icon={Package} />
        <StatCard
          title="Active Auctions"
          value={auctions.data?.filter((a) => a.status === "active").length}
          icon={Gavel}
        />
        <StatCard
          title="Platform Value"
          value={auctions.data ? platformValue(auctions.data) : undefined}
          hint={auctions.data ? platformValueHint(auctions.data.length) : undefined}
          icon={DollarSign}
        />
      </div>

      <RecentRegistrationsCard users={users.data} now={openedAt} onShowAll={showAllUsers} />

      <Tabs value={tab} onValueChange={setTab} ref={tabs} className="scroll-mt-20">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="sellers">
            Seller Approvals <CountBadge count={pendingSellers.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="product-approvals">
            Product Approvals <CountBadge count={pendingProducts.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="products">
            Products <CountBadge count={products.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="auctions">
            Auctions <CountBadge count={auctions.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="users">
            Users <CountBadge count={users.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="bid-packages">
            Bid Packages <CountBadge count={bidPackages.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="stats">Stats</TabsTrigger>
        </TabsList>
        <TabsContent value="sellers">
          <SellerApprovals />
        </TabsContent>
        <TabsContent value="product-approvals">
          <ProductApprovals />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab />
        </TabsContent>
        <TabsContent value="auctions">
          <AuctionsTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="bid-packages">
          <BidPackagesTab />
        </TabsContent>
        <TabsContent value="stats">
          <Suspense fallback={<ListPlaceholders count={4} />}>
            <StatsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
