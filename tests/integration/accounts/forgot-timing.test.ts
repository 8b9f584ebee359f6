/**
 * "Forgot password?" must not tell who has an account by how long it takes: the request does the same
 * work for a known address as for an unknown one (it counts itself and queues a reset request; the
 * sender looks the address up later, usecases/accounts/reset-requests.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { installEmailQueue } from "../../../functions/adapters/email/email-queue.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import type { EmailEvent } from "../../../functions/domain/notifications.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { clearOfLoginWindowEdge } from "../support/login-window.ts";
import { tableCallsDuring } from "../support/table-calls.ts";
import { existingAccount, uniqueName } from "./fixtures.ts";

useFreshTable("forgot-timing");

// Takes what the route queues without sending it, so no sender runs beside the measured requests.
const queued: EmailEvent[] = [];
beforeAll(() => installEmailQueue({ enqueue: async (events) => void queued.push(...events) }));
afterAll(() => installEmailQueue(null));

let seq = 0;
async function forgot(email: string) {
  seq += 1;
  const started = performance.now();
  const res = await invokeRoute({
    method: "POST",
    path: "/api/auth/forgot-password",
    body: { email },
    // Each call from its own address, so the per-address counter never refuses one.
    sourceIp: `10.77.${Math.floor(seq / 250)}.${seq % 250}`,
  });
  expect(res.status).toBe(202);
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What a call sent to the table, without its values: the commands and the key prefixes. */
async function shapeOf(email: string) {
  const before = queued.length;
  const calls = await tableCallsDuring(() => forgot(email));
  const events = queued.slice(before).map((e) => ({ kind: e.kind, recipient: Object.keys(e.recipient) }));
  const writes = calls.map(({ command, input }) => {
    const items = (input.TransactItems as Array<Record<string, { Key?: { pk?: string } }>>) ?? [];
    return `${command} ${items.map((i) => String(Object.values(i)[0]?.Key?.pk).split("#")[0]).join(",")}`;
  });
  return { writes, events };
}

describe("POST /api/auth/forgot-password", () => {
  it("does the same table calls and queues the same request for a known address as for an unknown one", async () => {
    await clearOfLoginWindowEdge();
    const user = await existingAccount();
    const known = await shapeOf(user.email);
    const unknown = await shapeOf(`${uniqueName("nobody")}@example.com`);
    expect(known).toEqual(unknown);
    expect(known.events).toEqual([{ kind: "password_reset", recipient: ["address"] }]);
  });

  it("takes as long for a known address as for an unknown one: over 20 calls each, medians within 20 ms", async () => {
    await clearOfLoginWindowEdge(60_000);
    // One account per known call: an address may ask 3 times a window.
    const passwordHash = await hashPassword("first-password", passwordParams());
    const accounts = await Promise.all(
      Array.from({ length: 20 }, () => {
        const username = uniqueName("timed");
        return createUser({
          username,
          email: `${username}@example.com`,
          passwordHash,
          role: "buyer",
          now: Date.now(),
          emailVerified: true,
        });
      }),
    );
    // Warm up both paths (first imports, connections).
    await forgot(accounts[0]!.email.replace("@", "+warm@"));
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, so a burst of load on the machine falls on both alike.
    for (const account of accounts) {
      knownTimes.push(await forgot(account.email));
      unknownTimes.push(await forgot(`${uniqueName("nobody")}@example.com`));
    }
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    expect(Math.abs(k - u), `medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(20);
  }, 120_000);
});
