import { useInfiniteQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { EmptyState } from "@web/components/empty-state.tsx";
import { ListError, ListPlaceholders } from "@web/components/list-states.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { useUser } from "@web/lib/current-user.ts";
import { formatDate, formatDateTime } from "@web/lib/format-date.ts";
import { Coins, KeyRound, Trash2, Users } from "lucide-react";
import { useMemo, useState } from "react";
import type { AdminUser } from "#shared/schemas/admin";
import { useDeleteAdminUser } from "../api/delete-user.ts";
import { adminQueries } from "../api/queries.ts";
import { AdjustBidsDialog } from "./adjust-bids-dialog.tsx";
import { ListFilters, matchesSearch } from "./list-filters.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";

const ROLE_BADGE = { admin: "default", seller: "secondary", buyer: "outline" } as const;

type RoleFilter = "all" | AdminUser["role"];

/** Loaded users matching the search (username or email, any case) and the role. */
export function filterUsers(users: readonly AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  return users.filter(
    (user) => (role === "all" || user.role === role) && matchesSearch(search, user.username, user.email),
  );
}

export function UsersTab() {
  // Pages of 50 under the list's own key, so the mutations that refresh the list refresh these.
  const users = useInfiniteQuery(adminQueries.userPages());
  const loaded = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<RoleFilter>("all");
  const { data: me } = useUser();
  const remove = useDeleteAdminUser();
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  if (users.isPending) return <ListPlaceholders />;
  if (users.isError) {
    return <ListError error={users.error} fallback="Could not load users" onRetry={() => users.refetch()} />;
  }
  if (loaded.length === 0) return <EmptyState icon={Users} title="No Users Found" />;
  const shown = filterUsers(loaded, search, role);

  return (
    <>
      <ListFilters<RoleFilter>
        what="users by name or email"
        search={search}
        onSearch={setSearch}
        filterLabel="Filter users by role"
        value={role}
        options={[
          { value: "all", label: "All roles" },
          { value: "buyer", label: "Buyers" },
          { value: "seller", label: "Sellers" },
          { value: "admin", label: "Admins" },
        ]}
        onFilter={setRole}
        shown={shown.length}
        total={loaded.length}
        totalLabel="loaded"
      />
      <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full min-w-[900px] text-left text-sm">
          <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th className="px-4 py-3 font-semibold">Username</th>
              <th className="px-4 py-3 font-semibold">Email</th>
              <th className="px-4 py-3 font-semibold">Role</th>
              <th className="px-4 py-3 text-right font-semibold">Bid Balance</th>
              <th className="px-4 py-3 font-semibold">Last Bid</th>
              <th className="px-4 py-3 font-semibold">Last Seen</th>
              <th className="px-4 py-3 font-semibold">Registered</th>
              <th className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => {
              const isMe = user.id === me?.id;
              return (
                <tr
                  key={user.id}
                  className="border-b border-border last:border-0"
                  data-testid="admin-user-row"
                >
                  <td className="px-4 py-3 font-medium">
                    {user.username}
                    {user.paymentFlag && (
                      <Badge
                        variant="destructive"
                        className="ml-2"
                        title="A bid-package payment was paid back"
                      >
                        {user.paymentFlag === "disputed" ? "Disputed payment" : "Refunded payment"}
                      </Badge>
                    )}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground">{user.email}</td>
                  <td className="px-4 py-3">
                    <Badge variant={ROLE_BADGE[user.role]} className="capitalize">
                      {user.role}
                    </Badge>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{user.bidBalance}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    {formatDateTime(user.lastBidAt)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    {formatDateTime(user.lastSeenAt)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    {formatDate(user.createdAt)}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button size="sm" variant="outline" onClick={() => setResetting(user)}>
                        <KeyRound aria-hidden="true" />
                        Reset Password
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setAdjusting(user)}>
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
                        onClick={() => setDeleting(user)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
