import { describe, expect, it } from "vitest";
import {
  cancelRefusal,
  DEFAULT_SHIP_WITHIN_DAYS,
  dueShipStep,
  nextShipStepAt,
  shipByNotPassedMessage,
  shipByOf,
} from "../../../functions/domain/ship-by.ts";

const DAY = 24 * 60 * 60 * 1000;
const paidAt = Date.UTC(2030, 0, 1, 12, 0);
const shipBy = shipByOf(paidAt, DEFAULT_SHIP_WITHIN_DAYS);

describe("ship-by moment and steps", () => {
  it("is 5 days after the payment by default", () => {
    expect(shipBy - paidAt).toBe(5 * DAY);
    expect(shipByOf(paidAt, 2)).toBe(paidAt + 2 * DAY);
  });

  it("reminds 2 days then 1 day before, then is late at the moment", () => {
    expect(nextShipStepAt(shipBy, 0)).toBe(shipBy - 2 * DAY);
    expect(nextShipStepAt(shipBy, 1)).toBe(shipBy - DAY);
    expect(nextShipStepAt(shipBy, 2)).toBe(shipBy);
    expect(dueShipStep(shipBy, 0, shipBy - 2 * DAY - 1)).toBeNull();
    expect(dueShipStep(shipBy, 0, shipBy - 2 * DAY)).toEqual({ kind: "remind", remindersSent: 1 });
    expect(dueShipStep(shipBy, 1, shipBy - 2 * DAY + 1)).toBeNull();
    expect(dueShipStep(shipBy, 1, shipBy - DAY)).toEqual({ kind: "remind", remindersSent: 2 });
    expect(dueShipStep(shipBy, 2, shipBy - 1)).toBeNull();
    expect(dueShipStep(shipBy, 2, shipBy)).toEqual({ kind: "late" });
  });

  it("a late sweep folds the reminders past into one, and sends none after the moment", () => {
    expect(dueShipStep(shipBy, 0, shipBy - DAY / 2)).toEqual({ kind: "remind", remindersSent: 2 });
    expect(dueShipStep(shipBy, 0, shipBy + 1)).toEqual({ kind: "late" });
  });
});

describe("who may cancel, and when", () => {
  const paid = { buyerId: "b", paymentStatus: "paid", shippingStatus: "pending", shipBy } as const;

  it("only the buyer, only once the ship-by moment passed", () => {
    expect(cancelRefusal(paid, "someone", shipBy)).toBe("not-buyer");
    expect(cancelRefusal(paid, "b", shipBy - 1)).toBe("not-late");
    expect(cancelRefusal(paid, "b", shipBy)).toBeNull();
  });

  it("never a shipped or delivered order, nor an unpaid one", () => {
    expect(cancelRefusal({ ...paid, shippingStatus: "shipped" }, "b", shipBy)).toBe("shipped");
    expect(cancelRefusal({ ...paid, shippingStatus: "delivered" }, "b", shipBy)).toBe("shipped");
    expect(cancelRefusal({ ...paid, paymentStatus: "pending", shipBy: undefined }, "b", shipBy)).toBe(
      "not-paid",
    );
  });

  it("a cancelled order still paid (its refund failed) may ask again; a refunded one may not", () => {
    const cancelledAt = new Date(shipBy).toISOString();
    expect(cancelRefusal({ ...paid, cancelledAt }, "b", shipBy)).toBeNull();
    expect(cancelRefusal({ ...paid, cancelledAt, paymentStatus: "refunded" }, "b", shipBy)).toBe("cancelled");
  });

  it("tells the buyer the seller's date in UTC, like the other dates in messages", () => {
    expect(shipByNotPassedMessage(Date.UTC(2030, 0, 6, 12, 0))).toBe(
      "The seller has until 2030-01-06 12:00 UTC to ship",
    );
  });
});
