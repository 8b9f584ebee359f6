import { paths } from "@web/config/paths.ts";
import type { UserRole } from "#shared/constants";

export type NavItem = { to: string; label: string; end?: boolean; role?: UserRole };

/** The header's links (docs/product.md "Shared header and footer"); `role` limits a link to that role. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home.getHref(), label: "Live Auctions", end: true },
  { to: paths.howItWorks.getHref(), label: "How It Works" },
  { to: paths.bidPackages.getHref(), label: "Bid Packages" },
  { to: paths.sellerDashboard.getHref(), label: "Seller Dashboard", role: "seller" },
  { to: paths.admin.getHref(), label: "Admin Panel", role: "admin" },
];

export function navItemsFor(role: UserRole | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.role || item.role === role);
}
