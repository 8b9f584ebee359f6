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
import { ChevronDown, Gauge, KeyRound, LogOut, Package, ShoppingCart, Trophy, Truck } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import type { CurrentUser } from "#shared/schemas/auth";

const ChangePasswordDialog = lazyPage(
  () => import("@web/features/auth/components/change-password-dialog.tsx"),
  "ChangePasswordDialog",
);

const ROLE_LABELS: Record<CurrentUser["role"], string> = { buyer: "Buyer", seller: "Seller", admin: "Admin" };

/** The signed-in user's menu (fetched after the first screen: the menu library is not in the first load). */
export function UserMenu({ user, onBuyBids }: { user: CurrentUser; onBuyBids(): void }) {
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
            className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-header-foreground transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-slate-200 to-slate-400 text-sm font-bold uppercase text-slate-900">
              {user.username.charAt(0)}
            </span>
            <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
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
            <DropdownMenuItem className="sm:hidden" onSelect={onBuyBids}>
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
          {user.role === "seller" && (
            <DropdownMenuItem asChild>
              <Link to={paths.sellerOrders.getHref()}>
                <Truck aria-hidden="true" />
                Orders to Fulfill
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
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
