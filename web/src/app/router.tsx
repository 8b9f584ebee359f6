import { RootLayout } from "@web/app/layouts/root-layout.tsx";
import { paths } from "@web/config/paths.ts";
import { HomePage } from "@web/features/auctions/pages/home-page.tsx";
import { RequireRole } from "@web/features/auth/components/require-role.tsx";
import { isValidElement } from "react";
import {
  createBrowserRouter,
  type DataRouter,
  matchRoutes,
  Navigate,
  type RouteObject,
  RouterProvider,
} from "react-router";
import { lazyPage } from "./lazy-page.tsx";
import { RouteErrorPage } from "./routes/error-page.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";
import { WatchingRoute } from "./routes/watching.tsx";

/** Pages only signed-in users, sellers or admins reach load on demand; their files export a named component. */
// The home page ships in the first load; every other page is fetched on first visit (the
// first-load JavaScript budget, scripts/check-budgets.ts), the auction page's chunk included.
const AuctionDetailPage = lazyPage(
  () => import("@web/features/auctions/pages/auction-detail-page.tsx"),
  "AuctionDetailPage",
);
const LedgerPage = lazyPage(() => import("@web/features/auctions/pages/ledger-page.tsx"), "LedgerPage");
const LoginPage = lazyPage(() => import("@web/features/auth/pages/login-page.tsx"), "LoginPage");
const RegisterPage = lazyPage(() => import("@web/features/auth/pages/register-page.tsx"), "RegisterPage");
const BidPackagesPage = lazyPage(
  () => import("@web/features/packages/pages/bid-packages-page.tsx"),
  "BidPackagesPage",
);
const FairnessPage = lazyPage(() => import("./routes/fairness.tsx"), "FairnessPage");
const HowItWorksPage = lazyPage(() => import("./routes/how-it-works.tsx"), "HowItWorksPage");
const AdminPage = lazyPage(() => import("@web/features/admin/pages/admin-page.tsx"), "AdminPage");
const SpendingLimitsPage = lazyPage(
  () => import("@web/features/limits/pages/spending-limits-page.tsx"),
  "SpendingLimitsPage",
);
const NotificationsPage = lazyPage(
  () => import("@web/features/notifications/pages/notifications-page.tsx"),
  "NotificationsPage",
);
const RecentWinnersPage = lazyPage(
  () => import("@web/features/auctions/pages/recent-winners-page.tsx"),
  "RecentWinnersPage",
);
const MyWinsPage = lazyPage(() => import("@web/features/orders/pages/my-wins-page.tsx"), "MyWinsPage");
const OrderCheckoutPage = lazyPage(
  () => import("@web/features/orders/pages/order-checkout-page.tsx"),
  "OrderCheckoutPage",
);
const OrdersPage = lazyPage(() => import("@web/features/orders/pages/orders-page.tsx"), "OrdersPage");
const SellerOrdersPage = lazyPage(
  () => import("@web/features/orders/pages/seller-orders-page.tsx"),
  "SellerOrdersPage",
);
const CheckoutPage = lazyPage(() => import("@web/features/packages/pages/checkout-page.tsx"), "CheckoutPage");
const PaymentSuccessPage = lazyPage(
  () => import("@web/features/packages/pages/payment-success-page.tsx"),
  "PaymentSuccessPage",
);
const accountsPages = () => import("@web/features/accounts/pages/index.ts");
const ForgotPasswordPage = lazyPage(accountsPages, "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(accountsPages, "ResetPasswordPage");
const VerifyEmailPage = lazyPage(accountsPages, "VerifyEmailPage");
const SessionsPage = lazyPage(accountsPages, "SessionsPage");
const AccountPage = lazyPage(accountsPages, "AccountPage");
const TwoFactorPage = lazyPage(accountsPages, "TwoFactorPage");
const InviteFriendsPage = lazyPage(
  () => import("@web/features/referrals/pages/invite-friends-page.tsx"),
  "InviteFriendsPage",
);
const OutboxPage = lazyPage(() => import("@web/features/outbox/pages/outbox-page.tsx"), "OutboxPage");
/** The footer's pages: rarely visited, so they stay out of the first load. */
const infoPages = () => import("./routes/info-pages.tsx");
const HelpPage = lazyPage(infoPages, "HelpPage");
const ShippingPage = lazyPage(infoPages, "ShippingPage");
const TermsPage = lazyPage(infoPages, "TermsPage");
const PrivacyPage = lazyPage(infoPages, "PrivacyPage");
const AuctionRulesPage = lazyPage(infoPages, "AuctionRulesPage");
// Its form (react-hook-form, the message schema) loads only here.
const ContactPage = lazyPage(() => import("@web/features/support/pages/contact-page.tsx"), "ContactPage");
const SellerDashboardPage = lazyPage(
  () => import("@web/features/seller/pages/seller-dashboard-page.tsx"),
  "SellerDashboardPage",
);

/**
 * Every route of docs/product.md section 2. Static segments rank above dynamic ones, so /auctions/won
 * wins over /auctions/:id whatever the order. Guards: signed out -> /login, wrong role -> /.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { path: paths.home.path, element: <HomePage /> },
          { path: paths.auction.path, element: <AuctionDetailPage /> },
          { path: paths.auctionAlt.path, element: <AuctionDetailPage /> },
          { path: paths.auctionLedger.path, element: <LedgerPage /> },
          { path: paths.recentWinners.path, element: <RecentWinnersPage /> },
          { path: paths.bidPackages.path, element: <BidPackagesPage /> },
          { path: paths.paymentSuccess.path, element: <PaymentSuccessPage /> },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.register.path, element: <RegisterPage /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
          { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
          { path: paths.howItWorks.path, element: <HowItWorksPage /> },
          { path: paths.fairness.path, element: <FairnessPage /> },
          { path: paths.help.path, element: <HelpPage /> },
          { path: paths.contact.path, element: <ContactPage /> },
          { path: paths.shipping.path, element: <ShippingPage /> },
          { path: paths.terms.path, element: <TermsPage /> },
          { path: paths.privacy.path, element: <PrivacyPage /> },
          { path: paths.auctionRules.path, element: <AuctionRulesPage /> },
          {
            element: <RequireRole />,
            children: [
              // The former Won Auctions page is the wins page now; old links and bookmarks land there.
              { path: paths.wonAuctions.path, element: <Navigate to={paths.myWins.getHref()} replace /> },
              { path: paths.checkout.path, element: <CheckoutPage /> },
              { path: paths.orderCheckout.path, element: <OrderCheckoutPage /> },
              { path: paths.myWins.path, element: <MyWinsPage /> },
              { path: paths.watching.path, element: <WatchingRoute /> },
              { path: paths.orders.path, element: <OrdersPage /> },
              { path: paths.spendingLimits.path, element: <SpendingLimitsPage /> },
              { path: paths.notifications.path, element: <NotificationsPage /> },
              { path: paths.sessions.path, element: <SessionsPage /> },
              { path: paths.account.path, element: <AccountPage /> },
              { path: paths.twoFactor.path, element: <TwoFactorPage /> },
              { path: paths.inviteFriends.path, element: <InviteFriendsPage /> },
            ],
          },
          {
            element: <RequireRole roles={["seller"]} />,
            children: [
              { path: paths.sellerDashboard.path, element: <SellerDashboardPage /> },
              { path: paths.sellerOrders.path, element: <SellerOrdersPage /> },
            ],
          },
          {
            element: <RequireRole roles={["admin"]} />,
            children: [{ path: paths.admin.path, element: <AdminPage /> }],
          },
          // The local stack's outbox: only the dev server has it, so no production build carries it.
          ...(import.meta.env.DEV ? [{ path: paths.devOutbox.path, element: <OutboxPage /> }] : []),
          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Fetches the code of the lazily loaded pages `pathname` renders, so that the first render shows the
 * page (or its own loading state) rather than the layout's spinner.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      return typeof type === "function" && "preload" in type && typeof type.preload === "function"
        ? type.preload()
        : undefined;
    }),
  );
}

export type AppRouterInstance = DataRouter;

/**
 * React Router names the history entry a document was opened on "default" when it has no state yet,
 * so every typed URL or link opened in the tab would share one saved scroll position: a fresh page
 * opened mid-way down. Giving that entry its own key (kept by the browser across a reload and back /
 * forward) makes a new navigation start at the top and a return restore where the user was.
 */
function keyTheFirstEntry() {
  if (window.history.state !== null) return;
  window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: 0 }, "");
}

export function createAppRouter(): AppRouterInstance {
  keyTheFirstEntry();
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
