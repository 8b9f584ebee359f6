import { useQuery } from "@tanstack/react-query";
import { QueryList } from "@web/components/list-states.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { Gift } from "lucide-react";
import type { AdminReferrer } from "#shared/schemas/referrals";
import { adminQueries } from "../api/queries.ts";
import { emptyTab } from "./empty-tab.tsx";

const NO_REFERRERS = emptyTab(
  Gift,
  "No Invitations Yet",
  "Accounts that open Invite friends get a code; they show here with the friends who joined.",
);

/**
 * Invite a friend, seen by the admin: each account with an invitation code, how many accounts registered
 * with it and how many of those earned both sides their voucher bids, most invitations first.
 */
export function ReferralsTab() {
  const referrers = useQuery(adminQueries.referrers());
  return (
    <QueryList query={referrers} errorFallback="Could not load invitations" empty={NO_REFERRERS}>
      {(loaded) => <ReferrersTable referrers={loaded} />}
    </QueryList>
  );
}

function ReferrersTable({ referrers }: { referrers: AdminReferrer[] }) {
  const invited = referrers.reduce((sum, r) => sum + r.invited, 0);
  const rewarded = referrers.reduce((sum, r) => sum + r.rewarded, 0);
  return (
    <Card data-testid="admin-referrals">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Invitations</CardTitle>
        <p className="text-sm text-muted-foreground" data-testid="referrals-totals">
          {invited} joined with an invitation, {rewarded} earned their voucher bids.
        </p>
      </CardHeader>
      <CardContent>
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Accounts with an invitation code and what it brought</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-medium">
                Account
              </th>
              <th scope="col" className="w-24 py-2 pr-2 font-medium">
                Code
              </th>
              <th scope="col" className="w-16 py-2 pr-2 text-right font-medium">
                Invited
              </th>
              <th scope="col" className="w-20 py-2 text-right font-medium">
                Rewarded
              </th>
            </tr>
          </thead>
          <tbody>
            {referrers.map((referrer) => (
              <tr
                key={referrer.userId}
                className="border-b border-border last:border-b-0"
                data-testid="admin-referrer"
                data-user-id={referrer.userId}
              >
                <td className="truncate py-2 pr-2 font-medium">
                  {referrer.username ?? <span className="text-muted-foreground">Deleted account</span>}
                </td>
                <td className="py-2 pr-2 font-mono text-xs">{referrer.code}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{referrer.invited}</td>
                <td className="py-2 text-right tabular-nums">{referrer.rewarded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
