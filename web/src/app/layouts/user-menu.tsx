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
  Gift,
  KeyRound,
  Laptop,
  LogOut,
  type LucideIcon,
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
import type { UserRole } from "#shared/constants";
import type { CurrentUser } from "#shared/schemas/auth";

const ChangePasswordDialog = lazyPage(
  () => import("@web/features/auth/components/change-password-dialog.tsx"),
  "ChangePasswordDialog",
);

interface MenuLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown to this role only. */
  role?: UserRole;
}

/** What the user has won, watches, ordered and limits: the menu's first group. */
const ACTIVITY_LINKS: readonly MenuLink[] = [
  { to: paths.myWins.getHref(), label: "My Wins", icon: Trophy },
  { to: paths.watching.getHref(), label: "Watching", icon: Star },
  { to: paths.orders.getHref(), label: "My Orders", icon: Package },
  { to: paths.spendingLimits.getHref(), label: "Spending limits", icon: Gauge },
  { to: paths.notifications.getHref(), label: "Email notifications", icon: Bell },
  { to: paths.inviteFriends.getHref(), label: "Invite friends", icon: Gift },
  { to: paths.sellerOrders.getHref(), label: "Orders to Fulfill", icon: Truck, role: "seller" },
];

/** The account's own settings: the menu's second group. */
const ACCOUNT_LINKS: readonly MenuLink[] = [
  { to: paths.sessions.getHref(), label: "Where you're signed in", icon: Laptop },
  { to: paths.twoFactor.getHref(), label: "Passkeys and two-factor", icon: ShieldCheck },
  { to: paths.account.getHref(), label: "Account and data", icon: UserCog },
];

function MenuLinks({ links, role }: { links: readonly MenuLink[]; role: UserRole }) {
  return links
    .filter((link) => !link.role || link.role === role)
    .map(({ to, label, icon: Icon }) => (
      <DropdownMenuItem key={to} asChild>
        <Link to={to}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </DropdownMenuItem>
    ));
}

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
          <MenuLinks links={ACTIVITY_LINKS} role={user.role} />
          <DropdownMenuSeparator />
          <MenuLinks links={ACCOUNT_LINKS} role={user.role} />
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
