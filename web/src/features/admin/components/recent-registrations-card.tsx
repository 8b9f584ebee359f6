import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { formatTimeAgo } from "@web/lib/format-date.ts";
import { UserPlus } from "lucide-react";
import type { AdminUser } from "#shared/schemas/admin";
import { recentRegistrations } from "./recent-registrations.ts";

export function RecentRegistrationsCard({
  users,
  now,
  onShowAll,
}: {
  users: AdminUser[] | undefined;
  now: number;
  /** Opens the whole list (the Users tab). */
  onShowAll(): void;
}) {
  const recent = users ? recentRegistrations(users, now) : null;
  return (
    <Card className="mb-8">
      <CardHeader className="pb-3">
        <CardTitle className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base">
          <UserPlus className="size-4 text-primary-hover" aria-hidden="true" />
          Recent Registrations
          <span className="text-sm font-normal text-muted-foreground">(last 24 hours)</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!recent ? (
          <div className="grid gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : recent.shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No new users in the last 24 hours.</p>
        ) : (
          <ul className="grid gap-2" data-testid="recent-registrations">
            {recent.shown.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium">{user.username}</span>
                <Badge variant="outline" className="capitalize">
                  {user.role}
                </Badge>
                <span className="text-muted-foreground">{user.email}</span>
                <span className="ml-auto text-xs text-muted-foreground">
                  {formatTimeAgo(user.createdAt, now)}
                </span>
              </li>
            ))}
            {recent.more > 0 && (
              <li>
                <Button
                  variant="link"
                  className="h-auto min-h-6 p-0 text-sm"
                  onClick={onShowAll}
                  aria-label={`+ ${recent.more} more: show all users`}
                >
                  + {recent.more} more
                </Button>
              </li>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
