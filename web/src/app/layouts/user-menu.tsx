import { ACCOUNT_BUTTON_CLASS, AccountAvatar } from "@web/app/layouts/account-avatar.tsx";
import { lazyPage } from "@web/app/lazy-page.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu.tsx";
import { paths } from "@web/config/paths.ts";
import { logoutAndReload } from "@web/features/auth/api/logout.ts";
import {
  Bell,
  Gauge,
  KeyRound,
  Laptop,
  LogOut,
  Package,
  ShieldCheck,
  ShoppingCart,
  Star,
  Trophy,
  Truck,
  UserCog,
} from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import type { CurrentUser } from "#shared/schemas/auth";

const ChangePasswordDialog = lazyPage(
  () => import("@web/features/auth/components/change-password-dialog.tsx"),
  "ChangePasswordDialog",
);

const ROLE_LABELS: Record<CurrentUser["role"], string> = { buyer: "Buyer", seller: "Seller", admin: "Admin" };

/** The signed-in user's menu (fetched after the first screen: the menu library is not in the first load). */
export function UserMenu({
  user,
  onBuyBids,
  buyBidsDisabled = false,
}: {
  user: CurrentUser;
  onBuyBids(): void;
  /** Self-excluded: the item stays, greyed, so the menu still shows where buying is. */
  buyBidsDisabled?: boolean;
}) {
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from the first time it is asked for, then kept (so its closing returns focus as usual).
  const [passwordDialogWanted, setPasswordDialogWanted] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label="Account menu"
            data-testid="user-menu"
            className={`${ACCOUNT_BUTTON_CLASS} transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-ring`}
          >
            <AccountAvatar username={user.username} />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="truncate" data-testid="user-menu-username">
              {user.username}
            </span>
            <span className="text-xs font-normal text-muted-foreground">
              {ROLE_LABELS[user.role] ?? user.role}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {user.role !== "admin" && (
            <DropdownMenuItem className="sm:hidden" onSelect={onBuyBids} disabled={buyBidsDisabled}>
              <ShoppingCart aria-hidden="true" />
              Buy Bids
            </DropdownMenuItem>
          )}
          <DropdownMenuItem asChild>
            <Link to={paths.myWins.getHref()}>
              <Trophy aria-hidden="true" />
              My Wins
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.watching.getHref()}>
              <Star aria-hidden="true" />
              Watching
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.orders.getHref()}>
              <Package aria-hidden="true" />
              My Orders
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.spendingLimits.getHref()}>
              <Gauge aria-hidden="true" />
              Spending limits
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.notifications.getHref()}>
              <Bell aria-hidden="true" />
              Email notifications
            </Link>
          </DropdownMenuItem>
          {user.role === "seller" && (
            <DropdownMenuItem asChild>
              <Link to={paths.sellerOrders.getHref()}>
                <Truck aria-hidden="true" />
                Orders to Fulfill
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={paths.sessions.getHref()}>
              <Laptop aria-hidden="true" />
              Where you're signed in
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.twoFactor.getHref()}>
              <ShieldCheck aria-hidden="true" />
              Passkeys and two-factor
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.account.getHref()}>
              <UserCog aria-hidden="true" />
              Account and data
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              setPasswordDialogWanted(true);
              setChangingPassword(true);
            }}
          >
            <KeyRound aria-hidden="true" />
            Change password
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void logoutAndReload()}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {passwordDialogWanted ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
