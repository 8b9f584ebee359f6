/**
 * Least privilege, proven by the whole integration suite: a middleware on the handlers' own DynamoDB
 * client records what each handler (known through scripts/local/handlers.ts `runningHandler`) sends
 * to the table, and when the test file ends, anything outside the grant infra/table-access.ts declares
 * for it (the grant CDK turns into its IAM policy) fails the file.
 *
 * RECORD_TABLE_ACCESS=<dir> also writes what was seen to <dir>/<pid>-<time>.json
 * (`npx tsx scripts/table-access-report.ts <dir>` merges them).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FinalizeHandler, FinalizeHandlerArguments, HandlerExecutionContext } from "@smithy/types";
import { afterAll, expect } from "vitest";
import { dynamo } from "../../../functions/adapters/dynamo/client.ts";
import { httpRoutes } from "../../../functions/routes.ts";
import { grantAllows, TABLE_GRANTS } from "../../../infra/table-access.ts";
import { runningHandler } from "../../../scripts/local/handlers.ts";
import { touchesOf } from "../proof/support/table-touches.ts";

const MIDDLEWARE = "recordTableAccess";
const HTTP_HANDLERS = new Set(httpRoutes.map((r) => r.handler));
const seen = new Map<string, Set<string>>();

/**
 * A grant's projected prefixes (infra/table-access.ts `projected`): IAM allows their items only
 * through a projection of the listed attributes, so a read of one without it, or with another
 * attribute, is recorded as outside the grant.
 */
function projectionOutside(handler: string, command: string, input: Record<string, unknown>): string[] {
  const projected = TABLE_GRANTS[handler]?.projected ?? [];
  if (projected.length === 0 || (command !== "GetItem" && command !== "BatchGetItem")) return [];
  const requests =
    command === "GetItem"
      ? [input as { Key?: Record<string, unknown>; ProjectionExpression?: string }]
      : Object.values(
          (input.RequestItems ?? {}) as Record<
            string,
            { Keys?: Record<string, unknown>[]; ProjectionExpression?: string }
          >,
        ).flatMap((r) =>
          (r.Keys ?? []).map((Key) => ({ Key, ProjectionExpression: r.ProjectionExpression })),
        );
  const outside: string[] = [];
  for (const { Key, ProjectionExpression } of requests) {
    // The client's own input is marshalled: `{pk: {S: "USER#..."}}`.
    const pk = (Key?.pk as { S?: string } | undefined)?.S ?? "";
    const rule = projected.find((p) => pk.startsWith(p.prefix));
    if (!rule) continue;
    const asked = (ProjectionExpression ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    if (asked.length === 0 || asked.some((a) => !rule.attributes.includes(a)))
      outside.push(`${command} ${rule.prefix} (projection: ${ProjectionExpression ?? "none"})`);
  }
  return outside;
}

/** Every HTTP route reads its caller's session and may touch it (a separate, attribute-limited grant). */
function sessionAccess(handler: string, action: string, target: string): boolean {
  if (!HTTP_HANDLERS.has(handler)) return false;
  return (
    (action === "GetItem" && target === "SESSION#") ||
    (action === "UpdateItem" && (target === "SESSION#" || target === "USER#"))
  );
}

const middleware =
  (next: FinalizeHandler<object, object>, context: HandlerExecutionContext) =>
  async (args: FinalizeHandlerArguments<object>) => {
    const handler = runningHandler.getStore();
    if (handler) {
      const command = (context.commandName ?? "unknown").replace(/Command$/, "");
      const set = seen.get(handler) ?? new Set<string>();
      for (const touch of touchesOf({
        command,
        fault: null,
        input: (args.input ?? {}) as Record<string, unknown>,
      })) {
        set.add(`${touch.action} ${touch.target}`);
      }
      for (const wrong of projectionOutside(handler, command, (args.input ?? {}) as Record<string, unknown>))
        set.add(`unprojected ${wrong}`);
      seen.set(handler, set);
    }
    return next(args);
  };
dynamo.middlewareStack.add(middleware as never, {
  step: "finalizeRequest",
  priority: "low",
  name: MIDDLEWARE,
  override: true,
});

afterAll(() => {
  dynamo.middlewareStack.remove(MIDDLEWARE);
  const dir = process.env.RECORD_TABLE_ACCESS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const out = Object.fromEntries([...seen].map(([id, set]) => [id, [...set].sort()]));
    writeFileSync(join(dir, `${process.pid}-${Date.now()}.json`), JSON.stringify(out));
  }
  const outside: string[] = [];
  for (const [handler, touches] of seen) {
    const grant = TABLE_GRANTS[handler];
    for (const touch of touches) {
      if (touch.startsWith("unprojected ")) {
        outside.push(`${handler}: ${touch}`);
        continue;
      }
      const [action, target] = touch.split(" ") as [string, string];
      if (sessionAccess(handler, action, target)) continue;
      if (!grant || !grantAllows(grant, action, target)) outside.push(`${handler}: ${touch}`);
    }
  }
  expect(outside, "table access outside the grants of infra/table-access.ts").toEqual([]);
});
