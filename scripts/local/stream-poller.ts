/**
 * Reads the table's DynamoDB Stream the way Lambda's event source mapping does and invokes each stream
 * consumer (functions/routes.ts: `eventHandlers.broadcaster` by default, `eventHandlers.tableChanges` on
 * a poller of its own, as each has its own mapping in AWS), with real DynamoDBStreamEvent batches: DescribeStream -> GetShardIterator (LATEST for the shards open at start, TRIM_HORIZON for
 * shards that appear later) -> GetRecords every ~200 ms, shard by shard in order.
 *
 * Partial batch responses are honoured: `{batchItemFailures: [{itemIdentifier: sequenceNumber}]}`
 * re-invokes from the first failed record (twice at most, then the records are logged and skipped,
 * like an on-failure destination). If the broadcaster module does not exist yet, that is logged once
 * and the records are skipped.
 */

import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type ShardIteratorType,
  TrimmedDataAccessException,
} from "@aws-sdk/client-dynamodb-streams";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { eventHandlers } from "../../functions/routes.ts";
import { LOCAL_CREDENTIALS, LOCAL_REGION, localDynamoClient } from "./dynamo.ts";
import { type HandlerLoader, invoke, loadHandler, MissingHandlerError } from "./handlers.ts";
import { toLambdaRecord } from "./stream-records.ts";

export interface StreamPollerOptions {
  /** DynamoDB Local's endpoint (it serves the Streams API too). */
  endpoint: string;
  tableName: string;
  loader?: HandlerLoader;
  /** Which handlers get the batches, each the whole batch in turn (default the broadcaster). */
  targets?: readonly string[];
  intervalMs?: number;
  /** Lambda's default batch size. */
  batchSize?: number;
  log?: (level: "info" | "warn" | "error", message: string, extra?: unknown) => void;
}

export interface StreamPoller {
  streamArn: string;
  /** Resolves once every record written before the call has been handed to the broadcaster (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface ShardState {
  shardId: string;
  iterator: string | null;
  lastSequence?: string;
  done: boolean;
}

function defaultLog(level: "info" | "warn" | "error", message: string, extra?: unknown) {
  const line = `[streams] ${message}`;
  if (level === "error") console.error(line, extra ?? "");
  else if (level === "warn") console.warn(line, extra ?? "");
  else console.log(line);
}

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const loader = options.loader ?? loadHandler;
  const targets = options.targets ?? [eventHandlers.broadcaster];
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const log = options.log ?? defaultLog;
  const region = process.env.AWS_REGION || LOCAL_REGION;

  const table = localDynamoClient(options.endpoint);
  let streamArn: string | undefined;
  try {
    const { Table } = await table.send(new DescribeTableCommand({ TableName: options.tableName }));
    streamArn = Table?.LatestStreamArn;
  } finally {
    table.destroy();
  }
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const arn = streamArn;

  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 2,
  });
  const shards = new Map<string, ShardState>();
  const warnedMissing = new Set<string>();
  let stopped = false;
  let lastDescribe = 0;

  async function iterator(shardId: string, type: ShardIteratorType, sequence?: string) {
    const out = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: sequence,
      }),
    );
    return out.ShardIterator ?? null;
  }

  /** Finds new shards. Those open at start begin at LATEST; later ones from their beginning. */
  async function discover(initial: boolean) {
    let exclusiveStart: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: exclusiveStart }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const shardId = shard.ShardId;
        if (!shardId || shards.has(shardId)) continue;
        const closed = !!shard.SequenceNumberRange?.EndingSequenceNumber;
        if (initial && closed) {
          shards.set(shardId, { shardId, iterator: null, done: true });
          continue;
        }
        shards.set(shardId, {
          shardId,
          iterator: await iterator(shardId, initial ? "LATEST" : "TRIM_HORIZON"),
          done: false,
        });
      }
      exclusiveStart = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStart);
    lastDescribe = Date.now();
  }

  async function deliver(records: DynamoDBRecord[]) {
    for (const target of targets) await deliverTo(target, records);
  }

  async function deliverTo(target: string, records: DynamoDBRecord[]) {
    let batch = records;
    for (let attempt = 0; batch.length; attempt++) {
      let failedFrom = -1;
      try {
        const event: DynamoDBStreamEvent = { Records: batch };
        const result = (await invoke(target, event, loader)) as DynamoDBBatchResponse | undefined;
        const failures = result?.batchItemFailures ?? [];
        if (!failures.length) return;
        const failed = new Set(failures.map((f) => f.itemIdentifier));
        failedFrom = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ""));
        if (failedFrom < 0) failedFrom = 0;
      } catch (error) {
        if (error instanceof MissingHandlerError) {
          if (!warnedMissing.has(target)) {
            log("warn", `${error.message}; stream records are skipped until it exists`);
          }
          warnedMissing.add(target);
          return;
        }
        log("error", `${target} threw on a batch of ${batch.length}`, error);
        failedFrom = 0;
      }
      if (attempt >= 2) {
        log("error", `giving up on ${batch.length - failedFrom} stream record(s) after 3 attempts`);
        return;
      }
      batch = batch.slice(failedFrom);
    }
  }

  async function pollShard(state: ShardState) {
    if (state.done || !state.iterator) return;
    let out: GetRecordsCommandOutput;
    try {
      out = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: batchSize }));
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        state.iterator = state.lastSequence
          ? await iterator(state.shardId, "AFTER_SEQUENCE_NUMBER", state.lastSequence)
          : await iterator(state.shardId, "LATEST");
        return;
      }
      throw error;
    }
    const records = out.Records ?? [];
    if (records.length) {
      state.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber;
      await deliver(records.map((r) => toLambdaRecord(r, arn, region)));
    }
    state.iterator = out.NextShardIterator ?? null;
    if (!state.iterator) state.done = true;
  }

  async function pollOnce() {
    if (Date.now() - lastDescribe > 5000) await discover(false);
    for (const state of shards.values()) {
      if (stopped) return;
      await pollShard(state);
      // A closed shard keeps its iterator until it has given its last records; then look for children.
      if (state.done) lastDescribe = 0;
    }
  }

  await discover(true);

  let drainWaiters: Array<() => void> = [];
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let errorCount = 0;
  const loop = () => {
    if (stopped) return;
    const waiters = drainWaiters;
    drainWaiters = [];
    current = pollOnce()
      .then(
        () => {
          errorCount = 0;
          for (const w of waiters) w();
        },
        (error) => {
          errorCount++;
          if (errorCount === 1 || errorCount % 50 === 0) log("error", "polling the stream failed", error);
          drainWaiters.push(...waiters);
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
  };
  loop();

  return {
    streamArn: arn,
    drain: () =>
      new Promise<void>((resolve) => {
        // The next full pass starts after this call, so it sees every record written before it.
        current.finally(() => drainWaiters.push(resolve));
      }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      for (const w of drainWaiters) w();
      streams.destroy();
    },
  };
}
