/**
 * Least privilege, proven from behaviour: every route of the catalog (a well-formed call each), the
 * socket handlers and the event handlers run against DynamoDB Local while a middleware records what
 * they send; every (action, key prefix) each one uses must be allowed by the grant infra/access.ts
 * declares for it — the grant CDK turns into that function's IAM policy. A handler that starts touching
 * a new prefix fails here until its declaration (and so its policy) says so.
 */
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRoutes } from "../../../functions/routes.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { injectDynamoFaults } from "../../support/faulty-dynamo.ts";
import { useDiscardedEmails } from "../support/discard-emails.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { catalog, pathOf } from "./support/route-catalog.ts";
import { type TableTouch, touchesOf } from "./support/table-touches.ts";
import { buildWorld, type World } from "./support/world.ts";

useFreshTable("proof-table-access");
// POST /api/auth/forgot-password queues a reset request on every call.
useDiscardedEmails();

let world: World;
const seen = new Map<string, TableTouch[]>();
beforeAll(async () => {
  world = await buildWorld();
}, 60_000);
afterAll(() => {
  if (process.env.DUMP_TABLE_TOUCHES) {
    const out = Object.fromEntries(
      [...seen].map(([id, touches]) => [
        id,
        [...new Set(touches.map((t) => `${t.action} ${t.target}`))].sort(),
      ]),
    );
    writeFileSync(process.env.DUMP_TABLE_TOUCHES, JSON.stringify(out, null, 2));
  }
});

async function recorded(handlerId: string, run: () => Promise<unknown>) {
  const recorder = injectDynamoFaults();
  let result: unknown;
  try {
    result = await run();
  } finally {
    recorder.remove();
  }
  seen.set(handlerId, [...(seen.get(handlerId) ?? []), ...recorder.attempts.flatMap(touchesOf)]);
  return result;
}

describe("what each route touches", () => {
  for (const route of httpRoutes) {
    it(`${route.method} ${route.path}`, async () => {
      const call = catalog[route.handler]!(world);
      const res = await recorded(route.handler, () =>
        invokeRoute({
          method: route.method,
          path: pathOf(route, call.params),
          ...(call.body === undefined ? {} : { body: call.body }),
          cookies: call.as ? [call.as.cookie] : [],
        }),
      );
      // A well-formed call is answered (refusals included), never a server error; what it sent to
      // the table is then checked against its grant when the file ends (support/record-table-access.ts).
      expect((res as { status: number }).status, `${route.method} ${route.path}`).toBeLessThan(500);
    });
  }
});
