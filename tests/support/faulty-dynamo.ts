/**
 * Fault injection for DynamoDB in tests: an SDK middleware on the handlers' own module-scope client
 * (functions/adapters/dynamo/client.ts — the DocumentClient `db` shares its middleware stack), so the
 * code under test runs unchanged and meets the errors real DynamoDB produces:
 *
 *   const faults = injectDynamoFaults();            // adds the middleware (afterEach: faults.remove())
 *   faults.add({ command: "TransactWriteItems", fault: "throttle", times: 2 });
 *   ... call a route ...
 *   faults.count("TransactWriteItems")              // attempts the SDK sent, faulted or not
 *
 * The middleware sits in the finalizeRequest step BELOW the SDK's retry middleware, so each injected
 * fault is one attempt: the SDK's own retry policy (maxAttempts, backoff, retry quota) sees it exactly
 * as it would see DynamoDB's answer.
 *
 * Faults:
 *  - "throttle":        ProvisionedThroughputExceededException (the SDK retries it with backoff)
 *  - "conflict":        TransactWriteItems/TransactGetItems -> TransactionCanceledException whose
 *                       reasons say TransactionConflict for the matched items (None for the rest);
 *                       any other command -> TransactionConflictException (a write that met a transaction)
 *  - "timeout":         the request never reaches DynamoDB; the client sees a TimeoutError (retried)
 *  - "response-lost":   DynamoDB DOES perform the request, then the answer is lost (TimeoutError):
 *                       the nasty case where the SDK's retry repeats a write that already happened
 *  - "server-error":    InternalServerError, HTTP 500 (retried)
 */
import {
  type DynamoDBClient,
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  TransactionConflictException,
} from "@aws-sdk/client-dynamodb";
import type { FinalizeHandler, FinalizeHandlerArguments, HandlerExecutionContext } from "@smithy/types";
import { dynamo } from "../../functions/adapters/dynamo/client.ts";

export type FaultKind = "throttle" | "conflict" | "timeout" | "response-lost" | "server-error";

/** A command's (marshalled) input, as the middleware sees it. */
export type CommandInput = Record<string, unknown>;

export interface FaultRule {
  /** SDK operation name(s), with or without the "Command" suffix: "TransactWriteItems", "GetItem". */
  command: string | readonly string[];
  fault: FaultKind;
  /** How many attempts to fault before letting requests through; default: every attempt. */
  times?: number;
  /** Only attempts whose input matches, e.g. `touchesKey("USER#")`. */
  match?: (input: CommandInput) => boolean;
  /** For "conflict" on a transaction: which of its items report TransactionConflict (default: all). */
  conflictOn?: (item: TransactItem) => boolean;
}

export interface AttemptRecord {
  command: string;
  fault: FaultKind | null;
  input: CommandInput;
}

export interface FaultInjector {
  /** Adds a rule; rules are tried in the order added, the first that matches an attempt decides. */
  add(rule: FaultRule): FaultInjector;
  /** Drops every rule (the middleware stays, recording attempts). */
  clear(): void;
  /** Every attempt sent to DynamoDB since the injector was created (or reset), oldest first. */
  readonly attempts: readonly AttemptRecord[];
  /** Attempts of one command (all, or only those faulted with `fault`). */
  count(command: string, fault?: FaultKind | "any"): number;
  reset(): void;
  /** Takes the middleware off the client. */
  remove(): void;
}

const MIDDLEWARE_NAME = "testFaultInjection";

/** Item of a TransactWriteItems / TransactGetItems request (marshalled). */
export interface TransactItem {
  Put?: { Item?: Record<string, { S?: string }> };
  Update?: { Key?: Record<string, { S?: string }> };
  Delete?: { Key?: Record<string, { S?: string }> };
  ConditionCheck?: { Key?: Record<string, { S?: string }> };
  Get?: { Key?: Record<string, { S?: string }> };
}

/** The partition key of a transaction item (`USER#...`, `AUCTION#...`). */
export function transactItemPk(item: TransactItem): string | undefined {
  const key =
    item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? item.Get?.Key;
  return key?.pk?.S;
}

/** Every partition key a request names (single-item, transactional and batch requests). */
export function partitionKeysOf(input: CommandInput): string[] {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 8 || !value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const pk = record.pk as { S?: unknown } | undefined;
    if (pk && typeof pk === "object" && typeof pk.S === "string") found.push(pk.S);
    for (const [name, v] of Object.entries(record)) {
      if (name !== "ExpressionAttributeValues") visit(v, depth + 1);
    }
  };
  visit(input, 0);
  return found;
}

/** A `match` for requests touching an item whose pk starts with `prefix`. */
export const touchesKey =
  (prefix: string) =>
  (input: CommandInput): boolean =>
    partitionKeysOf(input).some((pk) => pk.startsWith(prefix));

const normalize = (name: string) => name.replace(/Command$/, "");

function metadata(status: number) {
  return { httpStatusCode: status, requestId: "injected-fault", attempts: 1, totalRetryDelay: 0 };
}

function timeoutError(message: string): Error {
  // What @smithy/node-http-handler throws when a socket or request timeout fires.
  const error = new Error(message);
  error.name = "TimeoutError";
  return error;
}

function faultError(rule: FaultRule, command: string, input: CommandInput): Error {
  switch (rule.fault) {
    case "throttle":
      return new ProvisionedThroughputExceededException({
        message: "The level of configured provisioned throughput for the table was exceeded (injected)",
        $metadata: metadata(400),
      });
    case "server-error":
      return new InternalServerError({
        message: "Internal server error (injected)",
        $metadata: metadata(500),
      });
    case "timeout":
      return timeoutError("Connection timed out after 1000 ms (injected; the request never arrived)");
    case "response-lost":
      return timeoutError(
        "Socket timed out without establishing a connection (injected; request was applied)",
      );
    case "conflict": {
      const items = (input.TransactItems as TransactItem[] | undefined) ?? undefined;
      if (!items) {
        return new TransactionConflictException({
          message: "Transaction is ongoing for the item (injected)",
          $metadata: metadata(400),
        });
      }
      const onItem = rule.conflictOn ?? (() => true);
      return new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons (injected on ${command})`,
        $metadata: metadata(400),
        CancellationReasons: items.map((item) =>
          onItem(item)
            ? { Code: "TransactionConflict", Message: "Transaction is ongoing for the item" }
            : { Code: "None" },
        ),
      });
    }
  }
}

export function injectDynamoFaults(client: DynamoDBClient = dynamo): FaultInjector {
  const rules: Array<{ rule: FaultRule; used: number }> = [];
  let attempts: AttemptRecord[] = [];

  const middleware =
    (next: FinalizeHandler<object, object>, context: HandlerExecutionContext) =>
    async (args: FinalizeHandlerArguments<object>) => {
      const command = normalize(context.commandName ?? "unknown");
      const input = (args.input ?? {}) as CommandInput;
      const hit = rules.find(({ rule, used }) => {
        const commands = typeof rule.command === "string" ? [rule.command] : rule.command;
        if (!commands.map(normalize).includes(command)) return false;
        if (rule.times !== undefined && used >= rule.times) return false;
        return rule.match ? rule.match(input) : true;
      });
      attempts.push({ command, fault: hit?.rule.fault ?? null, input });
      if (!hit) return next(args);
      hit.used++;
      if (hit.rule.fault === "response-lost") {
        await next(args);
        throw faultError(hit.rule, command, input);
      }
      throw faultError(hit.rule, command, input);
    };

  client.middlewareStack.add(middleware as never, {
    step: "finalizeRequest",
    priority: "low",
    name: MIDDLEWARE_NAME,
    override: true,
  });

  const injector: FaultInjector = {
    add(rule) {
      rules.push({ rule, used: 0 });
      return injector;
    },
    clear() {
      rules.length = 0;
    },
    get attempts() {
      return attempts;
    },
    count(command, fault = "any") {
      const name = normalize(command);
      return attempts.filter((a) => a.command === name && (fault === "any" ? true : a.fault === fault))
        .length;
    },
    reset() {
      attempts = [];
    },
    remove() {
      rules.length = 0;
      client.middlewareStack.remove(MIDDLEWARE_NAME);
    },
  };
  return injector;
}
