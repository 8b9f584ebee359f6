import { ACCOUNT_BUTTON_CLASS, AccountAvatar } from "@web/app/layouts/account-avatar.tsx";
import { Logo } from "@web/app/layouts/logo.tsx";
import { navItemsFor } from "@web/app/layouts/nav-items.ts";
import { lazyPage } from "@web/app/lazy-page.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import { usePurchaseModal } from "@web/lib/purchase-modal.ts";
import { SELF_EXCLUSION_REASON_ID, useSelfExclusion } from "@web/lib/spending-limits.ts";
import { cn } from "@web/lib/utils.ts";
import { Coins, Menu, ShoppingCart, X } from "lucide-react";
import { type RefObject, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { plural } from "#shared/plural";
import type { CurrentUser } from "#shared/schemas/auth";

const UserMenu = lazyPage(() => import("@web/app/layouts/user-menu.tsx"), "UserMenu");

/** What the account menu's button looks like while its code loads (same size: nothing moves). */
function UserMenuPlaceholder({ user }: { user: CurrentUser }) {
  return (
    <span aria-hidden="true" className={ACCOUNT_BUTTON_CLASS}>
      <AccountAvatar username={user.username} />
    </span>
  );
}

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white",
    isActive ? "text-gold" : "text-header-foreground",
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-white/10",
    isActive ? "bg-white/5 text-gold" : "text-header-foreground",
  );
}

/** The credits chip: where a buyer looks when they run low, so it leads to the packages. */
/** The balance, its free part (voucher bids from invitations) apart: "120 Bids · 20 free". */
function BidBalance({ balance, free }: { balance: number; free?: number | undefined }) {
  const text = plural(balance, "Bid") + (free ? ` · ${free} free` : "");
  return (
    <Link
      to={paths.bidPackages.getHref()}
      className="inline-flex min-h-9 items-center gap-1.5 text-nowrap rounded-full border border-gold/40 bg-gold/10 px-3 py-1.5 text-sm font-semibold text-gold-light transition-colors hover:bg-gold/20 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`${text}: buy bids`}
      data-testid="credit-chip"
    >
      <Coins className="size-4 text-gold" aria-hidden="true" />
      <span data-testid="bid-balance">{text}</span>
    </Link>
  );
}

/**
 * The phone menu closes on Escape (focus back on its button), on a tap outside the header and on any
 * navigation, as a disclosure menu is expected to.
 */
function useMenuDismissal(open: boolean, close: () => void, toggle: RefObject<HTMLButtonElement | null>) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a new location
  useEffect(close, [location.key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !toggle.current?.closest("header")?.contains(event.target))
        close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close, toggle]);
}

export function Header() {
  const { data, isPending } = useUser();
  const user = data ?? null;
  const purchaseModal = usePurchaseModal();
  const excluded = useSelfExclusion() !== null;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const links = navItemsFor(user?.role);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useMenuDismissal(menuOpen, closeMenu, toggleRef);

  return (
    <header className="sticky top-0 z-40 border-b border-header-border bg-header text-header-foreground shadow-sm">
      <div className="container-page flex h-16 items-center gap-3">
        <Logo onClick={closeMenu} collapse />

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={desktopLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              {/* Staff never bid, so they hold no credits to show or buy. */}
              {user.role !== "admin" && (
                <>
                  <BidBalance balance={user.bidBalance} free={user.voucherBids} />
                  <Button
                    size="sm"
                    className="hidden sm:inline-flex"
                    onClick={purchaseModal.open}
                    disabled={excluded}
                    aria-describedby={excluded ? SELF_EXCLUSION_REASON_ID : undefined}
                  >
                    <ShoppingCart aria-hidden="true" />
                    Buy Bids
                  </Button>
                </>
              )}
              <Suspense fallback={<UserMenuPlaceholder user={user} />}>
                <UserMenu user={user} onBuyBids={purchaseModal.open} buyBidsDisabled={excluded} />
              </Suspense>
            </>
          ) : isPending ? (
            <span className="h-9 w-24 animate-pulse rounded-md bg-white/10" aria-hidden="true" />
          ) : (
            <>
              {/* data-guest-only: hidden in the prerendered header of a signed-in visitor (index.css). */}
              <Button asChild size="sm" variant="dark" className="px-3" data-guest-only="">
                <Link to={paths.login.getHref()}>Login</Link>
              </Button>
              <Button asChild size="sm" className="px-3" data-guest-only="">
                <Link to={paths.register.getHref()}>Sign Up</Link>
              </Button>
            </>
          )}

          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-header-foreground transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-ring lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            data-testid="mobile-menu-toggle"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-header-border lg:hidden">
        <nav aria-label="Mobile" className="container-page grid gap-1 py-3">
          {links.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={mobileLinkClass}
              onClick={closeMenu}
            >
              {item.label}
            </NavLink>
          ))}
          {user && (
            <NavLink to={paths.myWins.getHref()} className={mobileLinkClass} onClick={closeMenu}>
              My Wins
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
