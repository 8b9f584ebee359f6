import { useInfiniteQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { EmptyState } from "@web/components/empty-state.tsx";
import { ListError, ListPlaceholders } from "@web/components/list-states.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useUser } from "@web/lib/current-user.ts";
import { formatDate, formatDateTime } from "@web/lib/format-date.ts";
import { DESKTOP_QUERY, useMediaQuery } from "@web/lib/use-media-query.ts";
import { Coins, KeyRound, Trash2, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { AdminUser } from "#shared/schemas/admin";
import { useDeleteAdminUser } from "../api/delete-user.ts";
import { adminQueries } from "../api/queries.ts";
import { AdjustBidsDialog } from "./adjust-bids-dialog.tsx";
import { AdminTable, AdminTableRow } from "./admin-table.tsx";
import { capitalized, filterOptions, ListFilters, useListFilters } from "./list-filters.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";

const ROLE_BADGE = { admin: "default", seller: "secondary", buyer: "outline" } as const;

const ROLES = filterOptions<AdminUser["role"]>(
  "All roles",
  ["buyer", "seller", "admin"],
  (role) => `${capitalized(role)}s`,
);

/** Typing settles for this long before the server is asked: one search per pause, not per key. */
const SEARCH_PAUSE_MS = 300;

/** The search once typing pauses; a cleared search at once (nothing to wait for). */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), value === "" ? 0 : SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return value === "" ? "" : settled;
}

interface RowActions {
  isMe: boolean;
  onReset(): void;
  onAdjust(): void;
  onDelete(): void;
}

function PaymentFlag({ user }: { user: AdminUser }) {
  if (!user.paymentFlag) return null;
  return (
    <Badge variant="destructive" title="A bid-package payment was paid back">
      {user.paymentFlag === "disputed" ? "Disputed payment" : "Refunded payment"}
    </Badge>
  );
}

function UserActions({ user, isMe, onReset, onAdjust, onDelete }: RowActions & { user: AdminUser }) {
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button size="sm" variant="outline" onClick={onReset}>
        <KeyRound aria-hidden="true" />
        Reset Password
      </Button>
      <Button size="sm" variant="outline" onClick={onAdjust}>
        <Coins aria-hidden="true" />
        Adjust Bids
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-9 text-destructive hover:bg-red-50"
        aria-label={`Delete ${user.username}`}
        title={isMe ? "You cannot delete your own account" : `Delete ${user.username}`}
        disabled={isMe}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

const USER_COLUMNS = [
  { label: "User" },
  { label: "Role" },
  { label: "Bid Balance", className: "text-right" },
  { label: "Last Bid / Last Seen" },
  { label: "Registered" },
];

/** A laptop's table: the email under the name and the two activity times in one column, so it fits. */
function UsersTable({ users, actions }: { users: AdminUser[]; actions(user: AdminUser): RowActions }) {
  return (
    <AdminTable testId="admin-users-list" columns={USER_COLUMNS}>
      {users.map((user) => (
        <AdminTableRow key={user.id} testId="admin-user-row">
          <td className="px-3 py-3">
            <div className="flex flex-wrap items-center gap-2 font-medium">
              {user.username}
              <PaymentFlag user={user} />
            </div>
            <div className="text-muted-foreground [overflow-wrap:anywhere]">{user.email}</div>
          </td>
          <td className="px-3 py-3">
            <Badge variant={ROLE_BADGE[user.role]} className="capitalize">
              {user.role}
            </Badge>
          </td>
          <td className="px-3 py-3 text-right tabular-nums" data-testid="user-bid-balance">
            {user.bidBalance}
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-muted-foreground">
            <div>
              <span className="text-xs">Last bid </span>
              {formatDateTime(user.lastBidAt)}
            </div>
            <div>
              <span className="text-xs">Last seen </span>
              {formatDateTime(user.lastSeenAt)}
            </div>
          </td>
          <td className="whitespace-nowrap px-3 py-3 text-muted-foreground">{formatDate(user.createdAt)}</td>
          <td className="px-3 py-3">
            <UserActions user={user} {...actions(user)} />
          </td>
        </AdminTableRow>
      ))}
    </AdminTable>
  );
}

/** A phone's cards: each user's figures as labelled lines, the actions under them. */
function UserCards({ users, actions }: { users: AdminUser[]; actions(user: AdminUser): RowActions }) {
  return (
    <ul className="grid gap-3" data-testid="admin-users-list">
      {users.map((user) => (
        <li
          key={user.id}
          className="grid gap-2 rounded-xl border border-border bg-card p-4 text-sm"
          data-testid="admin-user-row"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{user.username}</span>
            <Badge variant={ROLE_BADGE[user.role]} className="capitalize">
              {user.role}
            </Badge>
            <PaymentFlag user={user} />
          </div>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
            <dt>Bid balance</dt>
            <dd className="tabular-nums text-foreground" data-testid="user-bid-balance">
              {user.bidBalance}
            </dd>
            <dt>Last bid</dt>
            <dd>{formatDateTime(user.lastBidAt)}</dd>
            <dt>Last seen</dt>
            <dd>{formatDateTime(user.lastSeenAt)}</dd>
            <dt>Registered</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
          <UserActions user={user} {...actions(user)} />
        </li>
      ))}
    </ul>
  );
}

export function UsersTab() {
  const filters = useListFilters("users by name or email", "Filter users by role", ROLES);
  const { search, value: role } = filters;
  const q = useSettled(search.trim());
  // Pages of 50 under the list's own key, so the mutations that refresh the list refresh these; the
  // search and the role are answered by the server, so they reach users not loaded yet.
  const users = useInfiniteQuery(adminQueries.userPages({ q, role: role === "all" ? "" : role }));
  const loaded = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { data: me } = useUser();
  const remove = useDeleteAdminUser();
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const filtered = q !== "" || role !== "all";

  const actions = (user: AdminUser): RowActions => ({
    isMe: user.id === me?.id,
    onReset: () => setResetting(user),
    onAdjust: () => setAdjusting(user),
    onDelete: () => setDeleting(user),
  });

  let body: React.ReactNode;
  if (users.isPending) body = <ListPlaceholders />;
  else if (users.isError) {
    body = <ListError error={users.error} fallback="Could not load users" onRetry={() => users.refetch()} />;
  } else if (loaded.length === 0) {
    body = filtered ? (
      <EmptyState icon={Users} title="No Matching Users" description="No user matches this search." />
    ) : (
      <EmptyState icon={Users} title="No Users Found" />
    );
  } else if (desktop) body = <UsersTable users={loaded} actions={actions} />;
  else body = <UserCards users={loaded} actions={actions} />;

  return (
    <>
      <ListFilters
        {...filters.props}
        shown={loaded.length}
        summary={
          users.isSuccess
            ? `${loaded.length} ${filtered ? "found" : "shown"}${users.hasNextPage ? ", more to load" : ""}`
            : ""
        }
      />
      {body}
      {users.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={users.isFetchingNextPage} onClick={() => users.fetchNextPage()}>
            {users.isFetchingNextPage ? "Loading..." : "Load more users"}
          </Button>
        </div>
      ) : null}
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <AdjustBidsDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user?"
        description={`${deleting?.username ?? ""} will be signed out and their account removed. Their bids and orders stay on record.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  );
}
