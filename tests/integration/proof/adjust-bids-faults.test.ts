/**
 * An admin's balance adjustment is an increment: if DynamoDB applied it but the answer was lost, the
 * SDK's retry must not apply it a second time.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { type FaultInjector, injectDynamoFaults, touchesKey } from "../../support/faulty-dynamo.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { type Caller, signedInUser } from "./support/world.ts";

useFreshTable("proof-adjust");

let admin: Caller;
let faults: FaultInjector;

beforeAll(async () => {
  admin = await signedInUser("admin");
  faults = injectDynamoFaults();
});

afterEach(() => {
  faults.clear();
  faults.reset();
});

/** Whichever write the adjustment uses, its first answer is lost after DynamoDB applied it. */
const WRITES = ["UpdateItem", "TransactWriteItems"] as const;

const adjust = (userId: string, amount: number) =>
  admin.call({ method: "POST", path: `/api/admin/users/${userId}/adjust-bids`, body: { amount } });

describe("adjust bids under a lost response", () => {
  for (const [start, amount, expected] of [
    [10, 5, 15],
    [10, -4, 6],
  ] as const) {
    it(`${start} ${amount >= 0 ? "+" : ""}${amount} applies once: ${expected}`, async () => {
      const buyer = await signedInUser("buyer", undefined, start);
      faults.add({
        command: "TransactWriteItems",
        fault: "response-lost",
        times: 1,
        match: touchesKey("USER#"),
      });
      const res = await adjust(buyer.id, amount);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const lost = WRITES.reduce((n, command) => n + faults.count(command, "response-lost"), 0);
      expect(lost).toBe(1);
      expect(res.body).toEqual({ newBalance: expected });
      expect((await getUser(buyer.id))?.bidBalance).toBe(expected);
    });
  }
});
