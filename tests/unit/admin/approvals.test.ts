import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { APPROVAL_STATUSES } from "#shared/constants";
import {
  adjustedBalance,
  decideProduct,
  decideSeller,
  goLiveRefusal,
  productDeletionRefusal,
  productSubmissionRefusal,
  profileEditRefusal,
  type Transition,
  userDeletionRefusal,
} from "../../../functions/domain/approvals.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");

describe.each([
  ["seller", decideSeller],
  ["product", decideProduct],
] as const)("%s decisions", (_what, decide) => {
  it("approving a pending one approves it and stamps approvedAt with the given time", () => {
    expect(decide("pending", "approve", NOW)).toEqual({
      kind: "change",
      status: "approved",
      approvedAt: "2030-01-01T12:00:00.000Z",
    });
  });

  it("rejecting a pending one rejects it without an approvedAt", () => {
    expect(decide("pending", "reject", NOW)).toEqual({ kind: "change", status: "rejected" });
  });

  it("repeating the decision already made changes nothing", () => {
    expect(decide("approved", "approve", NOW)).toEqual({ kind: "unchanged" });
    expect(decide("rejected", "reject", NOW)).toEqual({ kind: "unchanged" });
  });

  it("the opposite of a decision already made is refused with a message naming the status", () => {
    const late = decide("rejected", "approve", NOW);
    expect(late.kind).toBe("refused");
    expect(late.kind === "refused" && late.message).toMatch(/already been rejected/);
    const reversal = decide("approved", "reject", NOW);
    expect(reversal.kind === "refused" && reversal.message).toMatch(/already been approved/);
  });

  it("never lets a rejected one become approved, whatever the sequence of decisions", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("approve" as const, "reject" as const), { maxLength: 8 }),
        (steps) => {
          let status: (typeof APPROVAL_STATUSES)[number] = "rejected";
          for (const step of steps) {
            const t: Transition = decide(status, step, NOW);
            if (t.kind === "change") status = t.status;
          }
          return status === "rejected";
        },
      ),
    );
  });
});

describe("who may submit products", () => {
  it("an approved seller may", () => {
    expect(productSubmissionRefusal("approved")).toBeNull();
  });

  it("a pending or rejected seller is told why not", () => {
    expect(productSubmissionRefusal("pending")).toMatch(/awaiting admin approval/);
    expect(productSubmissionRefusal("rejected")).toMatch(/rejected/);
  });
});

describe("going live", () => {
  it("needs an approved seller whose account still exists", () => {
    expect(goLiveRefusal({ status: "approved" }, true)).toBeNull();
    expect(goLiveRefusal(null, true)).toMatch(/no longer exists/);
    expect(goLiveRefusal({ status: "pending" }, true)).toMatch(/not approved/);
    expect(goLiveRefusal({ status: "approved" }, false)).toMatch(/deleted/);
  });
});

describe("editing the business profile", () => {
  it("is allowed only while the application is pending", () => {
    expect(profileEditRefusal("pending")).toBeNull();
    expect(profileEditRefusal("approved")).toMatch(/approved/);
    expect(profileEditRefusal("rejected")).toMatch(/rejected/);
  });
});

describe("deleting a product", () => {
  it("is allowed without an auction or with an auction nobody bid on", () => {
    expect(productDeletionRefusal(null)).toBeNull();
    expect(productDeletionRefusal({ totalBids: 0 })).toBeNull();
  });

  it("is refused once its auction has a bid", () => {
    expect(productDeletionRefusal({ totalBids: 1 })).toMatch(/has bids|already has bids/);
  });
});

describe("adjusting a bid balance", () => {
  it("adds and removes credits", () => {
    expect(adjustedBalance(10, 5)).toBe(15);
    expect(adjustedBalance(10, -4)).toBe(6);
  });

  it("floors at zero instead of going negative", () => {
    expect(adjustedBalance(3, -10)).toBe(0);
  });

  it("is never negative and never more than balance + amount", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: -1_000_000, max: 1_000_000 }), (balance, amount) => {
        const next = adjustedBalance(balance, amount);
        return next >= 0 && next >= balance + amount && (next === 0 || next === balance + amount);
      }),
    );
  });
});

describe("deleting a user", () => {
  it("an admin cannot delete their own account", () => {
    expect(userDeletionRefusal("admin-1", "admin-1")).toMatch(/your own account/);
  });

  it("an admin may delete someone else", () => {
    expect(userDeletionRefusal("admin-1", "user-2")).toBeNull();
  });
});
