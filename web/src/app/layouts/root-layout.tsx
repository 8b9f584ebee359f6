import { Footer } from "@web/app/layouts/footer.tsx";
import { Header } from "@web/app/layouts/header.tsx";
import { SelfExclusionBanner } from "@web/app/layouts/self-exclusion-banner.tsx";
import { lazyPage } from "@web/app/lazy-page.tsx";
import { PurchaseModalProvider } from "@web/app/purchase-modal-provider.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { useUser } from "@web/lib/current-user.ts";
import { welcomeDue } from "@web/lib/welcome.ts";
import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";

/** What a page shows while its code loads (also the prerendered shell of such pages, web/shells.ts). */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  );
}

// Only an unverified or just signed-up user sees one (the verify banner, the welcome panel): their code
// (and the accounts API) stays off the first load.
const AccountNotice = lazyPage(
  () => import("@web/features/accounts/components/account-notice.tsx"),
  "AccountNotice",
);

/** Header, page, footer; inside the router so the purchase modal can navigate. */
export function RootLayout() {
  const { data: user } = useUser();
  return (
    <PurchaseModalProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Header />
        <SelfExclusionBanner />
        {user && (!user.emailVerified || welcomeDue(user.id)) && (
          <Suspense fallback={null}>
            <AccountNotice />
          </Suspense>
        )}
        {/* At least a screen high: the footer starts below the fold, so a page growing from its loading
            state to its content does not push a visible footer down (a layout shift). */}
        <main id="main" className="min-h-dvh flex-1">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
      <ScrollRestoration />
    </PurchaseModalProvider>
  );
}
