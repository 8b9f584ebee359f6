/**
 * What the in-process benchmarks share: a throwaway DynamoDB Local table, an SDK middleware that
 * counts the DynamoDB calls a request makes and the items it writes, signed-in bench users, and
 * percentiles.
 *
 * The handlers' modules read the environment when first imported, so everything from functions/ is
 * imported lazily here, after `startBenchTable` has set it.
 */
import type { UserRole } from "#shared/constants";
import { ensureTable, startDynamoLocal } from "../local/dynamo.ts";

/** Starts an in-memory DynamoDB Local with `tableName` in it and points the handlers' environment at it. */
export async function startBenchTable(tableName: string, env: Record<string, string> = {}) {
  const dynamoLocal = await startDynamoLocal({ port: 0, inMemory: true });
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamoLocal.endpoint,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    TABLE_NAME: tableName,
    POWERTOOLS_LOG_LEVEL: "ERROR",
    ...env,
  });
  await ensureTable(dynamoLocal.endpoint, tableName);
  return dynamoLocal;
}

/** DynamoDB calls by command name, with the items each kind of call sent for writing and got back. */
export type Tally = Map<string, { calls: number; itemsWritten: number; itemsRead: number }>;
let tally: Tally = new Map();

function itemsWrittenBy(command: string, input: Record<string, unknown>): number {
  if (command === "TransactWriteItemsCommand") return (input.TransactItems as unknown[]).length;
  if (command === "BatchWriteItemCommand") {
    return Object.values(input.RequestItems as Record<string, unknown[]>).reduce((n, l) => n + l.length, 0);
  }
  return ["PutItemCommand", "UpdateItemCommand", "DeleteItemCommand"].includes(command) ? 1 : 0;
}

/** Items a read answered with (index keys for a Query on a KEYS_ONLY index): what its RRU grow with. */
function itemsReadBy(command: string, output: Record<string, unknown>): number {
  if (command === "GetItemCommand") return output.Item ? 1 : 0;
  if (command === "QueryCommand" || command === "ScanCommand") return Number(output.Count ?? 0);
  if (command === "BatchGetItemCommand") {
    return Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce(
      (n, l) => n + l.length,
      0,
    );
  }
  return 0;
}

/** Adds the counting middleware to the handlers' DynamoDB client; call once, after `startBenchTable`. */
export async function countDynamoCalls() {
  const { dynamo } = await import("../../functions/adapters/dynamo/client.ts");
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? "unknown";
      const entry = tally.get(name) ?? { calls: 0, itemsWritten: 0, itemsRead: 0 };
      entry.calls += 1;
      entry.itemsWritten += itemsWrittenBy(name, args.input as Record<string, unknown>);
      tally.set(name, entry);
      const result = await next(args);
      entry.itemsRead += itemsReadBy(name, result.output as unknown as Record<string, unknown>);
      return result;
    },
    { step: "initialize", name: "benchCounter" },
  );
  return dynamo;
}

/** Runs `fn` with a fresh tally: its result, the DynamoDB calls it made and how long it took. */
export async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; tally: Tally; ms: number }> {
  tally = new Map();
  const started = performance.now();
  const result = await fn();
  return { result, tally, ms: performance.now() - started };
}

/** Runs `prepare` untimed and uncounted, then measures `run` on what it made; `rounds` times. */
export async function measureRounds<P>(
  rounds: number,
  prepare: () => Promise<P>,
  run: (prepared: P) => Promise<unknown>,
): Promise<{ times: number[]; lastTally: Tally }> {
  const times: number[] = [];
  let lastTally: Tally = new Map();
  for (let i = 0; i < rounds; i++) {
    const prepared = await prepare();
    const m = await measure(() => run(prepared));
    times.push(m.ms);
    lastTally = m.tally;
  }
  return { times, lastTally };
}

/**
 * `rounds` measured runs (measureRounds) as a table row: the last round's calls (describeTally with
 * `itemsLabel` and `withReads`) and the p50 and p95 latencies in ms.
 */
export async function measureRow<P>(
  rounds: number,
  prepare: () => Promise<P>,
  run: (prepared: P) => Promise<unknown>,
  ...tallyOptions: [itemsLabel?: string, withReads?: boolean]
): Promise<{ calls: string; p50: number; p95: number }> {
  const { times, lastTally } = await measureRounds(rounds, prepare, run);
  return {
    calls: describeTally(lastTally, ...tallyOptions),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/**
 * "GetItem×1, TransactWriteItems×1 (3 items)"; `itemsLabel` names what the written count means. With
 * `withReads`, reads say how many items (or index keys) they answered: "Query×1 (20 read)".
 */
export const describeTally = (t: Tally, itemsLabel = "items", withReads = false) =>
  [...t.entries()]
    .map(([name, { calls, itemsWritten, itemsRead }]) => {
      const counts = [
        ...(itemsWritten ? [`${itemsWritten} ${itemsLabel}`] : []),
        ...(withReads && itemsRead ? [`${itemsRead} read`] : []),
      ];
      return `${name.replace("Command", "")}×${calls}${counts.length ? ` (${counts.join(", ")})` : ""}`;
    })
    .join(", ");

/** Nearest-rank percentile; NaN for no values. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A user stored with `createUser` and a session for it, as a cookie and as a cookie list. */
export async function benchUser(user: {
  username: string;
  role: UserRole;
  bidBalance?: number;
  now?: number;
}) {
  const { createUser } = await import("../../functions/adapters/dynamo/users-repo.ts");
  const { createSession } = await import("../../functions/adapters/dynamo/sessions-repo.ts");
  const created = await createUser({
    emailVerified: true,
    ...user,
    email: `${user.username}@example.com`,
    // About a bcrypt hash's length, so the user item has its real size.
    passwordHash: "x".repeat(120),
    now: user.now ?? Date.now(),
  });
  const { token } = await createSession(created, Date.now());
  return { ...created, cookie: `sid=${token}`, cookies: [`sid=${token}`] };
}
