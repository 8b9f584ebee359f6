import { useQuery } from "@tanstack/react-query";
import { DashboardTabs } from "@web/components/dashboard-tabs.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { StatCard } from "@web/components/stat-card.tsx";
import { DollarSign, Gavel, Package, Store, Users } from "lucide-react";
import { lazy, useRef, useState } from "react";
import { adminQueries } from "../api/queries.ts";
import { AuctionsTab } from "../components/auctions-tab.tsx";
import { BidPackagesTab } from "../components/bid-packages-tab.tsx";
import { platformValue, platformValueHint } from "../components/platform-value.ts";
import { ProductApprovals } from "../components/product-approvals.tsx";
import { ProductsTab } from "../components/products-tab.tsx";
import { RecentRegistrationsCard } from "../components/recent-registrations-card.tsx";
import { SellerApprovals } from "../components/seller-approvals.tsx";
import { UsersTab } from "../components/users-tab.tsx";

// Rarely opened: it loads with its tab.
const ReferralsTab = lazy(async () => ({
  default: (await import("../components/referrals-tab.tsx")).ReferralsTab,
}));
// The charts and their library load with the tab, never with the page.
const StatsTab = lazy(async () => ({ default: (await import("../components/stats-tab.tsx")).StatsTab }));
// Rarely opened: it loads with its tab.
const SupportTab = lazy(async () => ({
  default: (await import("../components/support-tab.tsx")).SupportTab,
}));

export function AdminPage() {
  const stats = useQuery(adminQueries.userStats());
  const pendingSellers = useQuery(adminQueries.pendingSellers());
  const pendingProducts = useQuery(adminQueries.pendingProducts());
  const products = useQuery(adminQueries.products());
  const auctions = useQuery(adminQueries.auctions());
  const users = useQuery(adminQueries.users());
  const bidPackages = useQuery(adminQueries.bidPackages());
  const supportMessages = useQuery(adminQueries.supportMessages());
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

      <DashboardTabs
        value={tab}
        onValueChange={setTab}
        ref={tabs}
        className="scroll-mt-20"
        listClassName="h-auto flex-wrap"
        tabs={[
          {
            value: "sellers",
            label: "Seller Approvals",
            count: pendingSellers.data?.length,
            content: <SellerApprovals />,
          },
          {
            value: "product-approvals",
            label: "Product Approvals",
            count: pendingProducts.data?.length,
            content: <ProductApprovals />,
          },
          { value: "products", label: "Products", count: products.data?.length, content: <ProductsTab /> },
          { value: "auctions", label: "Auctions", count: auctions.data?.length, content: <AuctionsTab /> },
          { value: "users", label: "Users", count: users.data?.length, content: <UsersTab /> },
          {
            value: "bid-packages",
            label: "Bid Packages",
            count: bidPackages.data?.length,
            content: <BidPackagesTab />,
          },
          {
            value: "support",
            label: "Support",
            count: supportMessages.data?.filter((m) => m.status === "open").length,
            content: <SupportTab />,
            lazyPlaceholders: 2,
          },
          { value: "referrals", label: "Referrals", content: <ReferralsTab />, lazyPlaceholders: 1 },
          { value: "stats", label: "Stats", content: <StatsTab />, lazyPlaceholders: 4 },
        ]}
      />
    </PageContainer>
  );
}
