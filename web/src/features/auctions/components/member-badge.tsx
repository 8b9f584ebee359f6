import type { BidderView } from "#shared/schemas/auctions";

/** "2026-11" -> "Nov 2026" (the month is UTC's, as the server derives it). */
const monthOf = (memberSince: string) =>
  new Date(`${memberSince}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * A bidder's badge beside their name: the month they joined, and "New" for an account under 30 days
 * old when it bid. Nothing when the payload has no badge (a live bid until the next read).
 */
export function MemberBadge({ bidder }: { bidder: Pick<BidderView, "memberSince" | "isNew"> }) {
  if (!bidder.memberSince) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs font-normal text-muted-foreground">
      <span data-testid="member-since">Member since {monthOf(bidder.memberSince)}</span>
      {bidder.isNew && (
        <span
          className="rounded bg-muted px-1.5 py-0.5 font-semibold text-foreground"
          title="Account under 30 days old when it bid"
          data-testid="new-member"
        >
          New
        </span>
      )}
    </span>
  );
}
