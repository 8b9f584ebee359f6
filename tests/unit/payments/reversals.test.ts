import { describe, expect, it } from "vitest";
import { creditsReversed, reversalStep } from "../../../functions/domain/payments.ts";

describe("reversing a bid-package payment", () => {
  const purchase = { bidCount: 150, amountCents: 6000 };

  it("takes back the bids in proportion to the money that went back", () => {
    expect(creditsReversed(purchase, 6000)).toBe(150);
    expect(creditsReversed(purchase, 2000)).toBe(50);
    expect(creditsReversed(purchase, 1)).toBe(0);
    expect(creditsReversed(purchase, 9999)).toBe(150);
  });

  it("takes what the balance holds, never below zero, and records the rest as a shortfall", () => {
    const steps: [Parameters<typeof reversalStep>[0], ReturnType<typeof reversalStep>][] = [
      [
        { totalReversed: 150, alreadyReversed: 0, balance: 200 },
        { due: 150, take: 150, shortfall: 0 },
      ],
      [
        { totalReversed: 150, alreadyReversed: 0, balance: 40 },
        { due: 150, take: 40, shortfall: 110 },
      ],
      [
        { totalReversed: 150, alreadyReversed: 50, balance: 500 },
        { due: 100, take: 100, shortfall: 0 },
      ],
      // A redelivered or older event asks for nothing more.
      [
        { totalReversed: 50, alreadyReversed: 150, balance: 500 },
        { due: 0, take: 0, shortfall: 0 },
      ],
      [
        { totalReversed: 10, alreadyReversed: 0, balance: -3 },
        { due: 10, take: 0, shortfall: 10 },
      ],
    ];
    for (const [input, step] of steps) expect(reversalStep(input)).toEqual(step);
  });
});
