/**
 * The approval rules for seller applications and products (docs/product.md section 4, docs/architecture.md section 5).
 * Pure: callers pass the current state and the time, and get back either the change to make, "no
 * change" (repeating a decision is harmless) or a refusal with the message the client shows.
 */
import type { ApprovalStatus } from "#shared/constants";

export type Decision = "approve" | "reject";

export type Transition =
  | { kind: "change"; status: ApprovalStatus; approvedAt?: string }
  | { kind: "unchanged" }
  | { kind: "refused"; message: string };

const TARGET: Record<Decision, ApprovalStatus> = { approve: "approved", reject: "rejected" };

/**
 * A decision is final: pending moves to approved or rejected once; the same decision again changes
 * nothing; the opposite one is refused. So a rejected product never goes live, and an approved one
 * (whose auction may already be running) is never pulled back into "rejected" by a stale click.
 */
function decide(
  what: "seller" | "product",
  current: ApprovalStatus,
  decision: Decision,
  now: number,
): Transition {
  const target = TARGET[decision];
  if (current === target) return { kind: "unchanged" };
  if (current === "pending") {
    return decision === "approve"
      ? { kind: "change", status: target, approvedAt: new Date(now).toISOString() }
      : { kind: "change", status: target };
  }
  const subject = what === "seller" ? "This seller application" : "This product";
  return { kind: "refused", message: `${subject} has already been ${current}` };
}

export const decideSeller = (current: ApprovalStatus, decision: Decision, now: number) =>
  decide("seller", current, decision, now);

export const decideProduct = (current: ApprovalStatus, decision: Decision, now: number) =>
  decide("product", current, decision, now);

/** Only an approved seller may submit products; the others get a message saying why. */
export function productSubmissionRefusal(sellerStatus: ApprovalStatus): string | null {
  switch (sellerStatus) {
    case "approved":
      return null;
    case "pending":
      return "Your seller account is awaiting admin approval. You can add products once it is approved.";
    case "rejected":
      return "Your seller application was rejected, so you cannot list products.";
  }
}

/** A product goes live only from an approved seller; this catches a seller whose account was removed. */
export function goLiveRefusal(
  seller: { status: ApprovalStatus } | null,
  sellerAccountExists: boolean,
): string | null {
  if (!seller) return "This product's seller no longer exists";
  if (seller.status !== "approved") return "This product's seller is not approved";
  if (!sellerAccountExists) return "This product's seller account has been deleted";
  return null;
}

/** The business profile is what the admin reviews, so it is editable only until the decision. */
export function profileEditRefusal(sellerStatus: ApprovalStatus): string | null {
  return sellerStatus === "pending"
    ? null
    : `Your business profile can no longer be changed: your application has been ${sellerStatus}`;
}

/** A product whose auction has bids is history other people paid for: it stays. */
export function productDeletionRefusal(auction: { totalBids: number } | null): string | null {
  return auction && auction.totalBids > 0
    ? "This product's auction already has bids, so the product cannot be deleted"
    : null;
}

/** An admin adjustment never takes a balance below zero. */
export function adjustedBalance(current: number, amount: number): number {
  return Math.max(0, current + amount);
}

export function userDeletionRefusal(actorUserId: string, targetUserId: string): string | null {
  return actorUserId === targetUserId ? "You cannot delete your own account" : null;
}
