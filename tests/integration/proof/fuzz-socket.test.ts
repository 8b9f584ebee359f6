/**
 * Hostile WebSocket traffic: whatever a client sends on $default, or whatever Cookie it connects with,
 * the handlers answer without throwing, and a frame writes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { helloMessageSchema } from "#shared/schemas/auctions";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { handler as connect } from "../../../functions/handlers/realtime/connect.ts";
import { handler as onMessage } from "../../../functions/handlers/realtime/default.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { readItem, snapshotTable, unexpectedChanges } from "./support/table-snapshot.ts";

useFreshTable("proof-socket");

/** The two frames the socket answers (they post to the connection, which this test does not have). */
function isHello(body: string): boolean {
  try {
    return helloMessageSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

const hostileFrame = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.json(),
  fc.constantFrom(
    "",
    "null",
    "[]",
    '{"type":"bid"}',
    '{"type":"hello","__proto__":{"admin":true}}',
    '{"type":{"$ne":null}}',
    "x".repeat(256 * 1024),
  ),
);

describe("socket frames", () => {
  it("every frame that is not hello/ping is ignored with 200 and writes nothing", async () => {
    const before = await snapshotTable();
    await fc.assert(
      fc.asyncProperty(hostileFrame, async (body) => {
        fc.pre(!isHello(body));
        const result = await onMessage({ body, requestContext: { connectionId: "fuzz-connection" } });
        expect(result).toEqual({ statusCode: 200 });
      }),
      { numRuns: 150 },
    );
    expect(unexpectedChanges(before, await snapshotTable())).toEqual([]);
  });
});

describe("socket connects", () => {
  it("a connect without the site's origin secret is refused and stores nothing", async () => {
    const result = await connect({
      headers: { Cookie: "sid=x" },
      requestContext: { connectionId: "no-origin" },
    });
    expect(result).toEqual({ statusCode: 403 });
    expect(await readItem(keys.connection("no-origin"))).toBeUndefined();
  });

  it("any Cookie header connects as an anonymous listener, never as someone", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (cookie) => {
        const connectionId = `fuzz-${++n}`;
        const result = await connect({
          headers: { Cookie: cookie, "x-origin-verify": process.env.ORIGIN_SECRET ?? "" },
          requestContext: { connectionId },
        });
        expect(result).toEqual({ statusCode: 200 });
        const saved = await readItem(keys.connection(connectionId));
        expect(saved).toBeDefined();
        expect(saved?.userId).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});
