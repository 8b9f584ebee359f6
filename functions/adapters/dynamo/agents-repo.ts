/**
 * Bid Agents: item `AGENTS#<auctionId>` / `USER#<userId>`, one per user and auction, so the engine
 * reads every agent of an auction with one Query. The auction item counts the active ones
 * (`activeAgents`), kept in the same transaction as every change of an agent's status.
 *
 * Credits move only inside transactions: a booking takes them from the user's balance, a bid takes one
 * from the agent (never from the balance again), and a stop gives the unused ones back exactly once
 * (conditioned on the agent still being active with the credits it was read with).
 */
import { randomUUID } from "node:crypto";
import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { AGENT_STATUSES, AGENT_STOP_REASONS } from "#shared/schemas/agents";
import * as z from "#shared/schemas/zod";
import type { AgentStatus, AgentStopReason } from "../../domain/agents.ts";
import { RETRY, retrying } from "../retry.ts";
import { type BidWrite, type BidWriteResult, sendBidTransaction } from "./bids-repo.ts";
import { db, tableName } from "./client.ts";
import { cancellationCodes } from "./conditions.ts";
import { queryAll } from "./index-lists.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { indexKeys, keys } from "./keys.ts";

export interface AgentRecord {
  auctionId: string;
  userId: string;
  username: string;
  /** Credits booked by the latest booking (what the user asked for). */
  bidsBooked: number;
  /** Unused credits the agent holds. */
  bidsLeft: number;
  bidsPlaced: number;
  maxPriceCents: number | null;
  status: AgentStatus;
  stopReason?: AgentStopReason;
  /** Credits given back when it stopped. */
  returned?: number;
  /** ms epoch of its last bid, or its booking before the first: the engine's fair order. */
  lastActiveAt: number;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every write: a booking replaces exactly the agent it read. */
  version: number;
}

const AGENT_SCHEMA = z.object({
  auctionId: z.string(),
  userId: z.string(),
  username: z.string(),
  bidsBooked: z.number(),
  bidsLeft: z.number(),
  bidsPlaced: z.number(),
  maxPriceCents: z.nullable(z.number()),
  status: z.enum(AGENT_STATUSES),
  stopReason: z.optional(z.enum(AGENT_STOP_REASONS)),
  returned: z.optional(z.number()),
  lastActiveAt: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
}) satisfies z.ZodMiniType<AgentRecord>;
const _aGENT_SCHEMAKeys: SameKeys<z.infer<typeof AGENT_SCHEMA>, AgentRecord> = true;

const toAgent = (item: Record<string, unknown>): AgentRecord => parseStoredItem("agent", AGENT_SCHEMA, item);

export async function getAgent(auctionId: string, userId: string): Promise<AgentRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.agent(auctionId, userId), ConsistentRead: true }),
  );
  return Item ? toAgent(Item) : null;
}

export async function listAgents(auctionId: string): Promise<AgentRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": keys.agentsPartition(auctionId) },
    ConsistentRead: true,
  });
  return items.map(toAgent);
}

export type AgentWriteResult = { ok: true } | { ok: false; reason: "no-credits" | "conflict" | "ended" };

/** Agent item condition: exactly the version read (or no item when none was read). */
function sameAgent(previous: AgentRecord | null) {
  return previous
    ? { ConditionExpression: "version = :v", values: { ":v": previous.version } }
    : { ConditionExpression: "attribute_not_exists(pk)", values: {} };
}

/**
 * Books (or re-books) an agent: the user's balance moves by `delta` (taken when positive, given back
 * when negative), the agent is written as `next`, and the auction's active count follows — all or
 * nothing, and only while the auction is live at `now`.
 */
export async function writeBooking(input: {
  previous: AgentRecord | null;
  next: AgentRecord;
  delta: number;
  now: number;
}): Promise<AgentWriteResult> {
  const { previous, next, delta, now } = input;
  const table = tableName();
  const wasActive = previous?.status === "active";
  const guard = sameAgent(previous);
  try {
    await db.send(
      new TransactWriteCommand({
        ClientRequestToken: randomUUID(),
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.user(next.userId),
              UpdateExpression: "SET bidBalance = bidBalance - :delta",
              ConditionExpression: delta > 0 ? "bidBalance >= :delta" : "attribute_exists(pk)",
              ExpressionAttributeValues: { ":delta": delta },
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                ...keys.agent(next.auctionId, next.userId),
                type: "agent",
                gsi2pk: indexKeys.userAgents(next.userId),
                gsi2sk: next.auctionId,
                ...next,
              },
              ConditionExpression: guard.ConditionExpression,
              ...(previous ? { ExpressionAttributeValues: guard.values } : {}),
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.auction(next.auctionId),
              UpdateExpression: "SET activeAgents = if_not_exists(activeAgents, :zero) + :inc",
              ConditionExpression: "#status = :active AND endsAt > :now",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: {
                ":zero": 0,
                ":inc": wasActive ? 0 : 1,
                ":active": "active",
                ":now": now,
              },
            },
          },
        ],
      }),
    );
    return { ok: true };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === "ConditionalCheckFailed") return { ok: false, reason: "no-credits" };
    if (codes[2] === "ConditionalCheckFailed") return { ok: false, reason: "ended" };
    return { ok: false, reason: "conflict" };
  }
}

/**
 * Stops an active agent and gives its unused credits back, exactly once: the agent must still be
 * active with the credits it was read with. A user who no longer exists gets nothing back (their
 * balance is gone with them) but the agent still stops.
 */
export async function stopAgent(
  agent: AgentRecord,
  reason: AgentStopReason,
  now: number,
): Promise<{ ok: true; returned: number } | { ok: false }> {
  const status: AgentStatus = reason === "cancelled" || reason === "user-refused" ? "cancelled" : "finished";
  const agentUpdate = {
    TableName: tableName(),
    Key: keys.agent(agent.auctionId, agent.userId),
    UpdateExpression:
      "SET #status = :status, stopReason = :reason, returned = :left, bidsLeft = :zero, updatedAt = :at, version = version + :one",
    ConditionExpression: "#status = :active AND bidsLeft = :left AND version = :v",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: {
      ":status": status,
      ":reason": reason,
      ":left": agent.bidsLeft,
      ":zero": 0,
      ":one": 1,
      ":at": new Date(now).toISOString(),
      ":active": "active",
      ":v": agent.version,
    },
  };
  const auctionUpdate = {
    TableName: tableName(),
    Key: keys.auction(agent.auctionId),
    UpdateExpression: "SET activeAgents = if_not_exists(activeAgents, :one) - :one",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":one": 1 },
  };
  const refund = {
    TableName: tableName(),
    Key: keys.user(agent.userId),
    UpdateExpression: "SET bidBalance = bidBalance + :left",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":left": agent.bidsLeft },
  };
  // A deleted auction or user drops out of the transaction instead of being re-created by the update.
  let parts = { auction: true, refund: agent.bidsLeft > 0 };
  return retrying(
    { attempts: 3 },
    async () => {
      const items = [
        { Update: agentUpdate },
        ...(parts.auction ? [{ Update: auctionUpdate }] : []),
        ...(parts.refund ? [{ Update: refund }] : []),
      ];
      try {
        await db.send(new TransactWriteCommand({ ClientRequestToken: randomUUID(), TransactItems: items }));
        return { ok: true, returned: parts.refund ? agent.bidsLeft : 0 };
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes?.[0] !== "None") {
          if (codes) return { ok: false };
          throw error;
        }
        const failed = (update: object) =>
          codes[items.findIndex((item) => item.Update === update)] === "ConditionalCheckFailed";
        if (!failed(auctionUpdate) && !failed(refund)) return { ok: false };
        parts = { auction: parts.auction && !failed(auctionUpdate), refund: parts.refund && !failed(refund) };
      }
      return RETRY;
    },
    () => ({ ok: false }),
  );
}

/**
 * An agent's bid: the same auction condition and bid item as a manual bid, but the credit comes out of
 * the agent (booked earlier), never out of the balance a second time.
 */
export async function agentBidTransaction(agent: AgentRecord, write: BidWrite): Promise<BidWriteResult> {
  const sent = await sendBidTransaction(
    {
      Update: {
        TableName: tableName(),
        Key: keys.agent(agent.auctionId, agent.userId),
        UpdateExpression:
          "SET bidsLeft = bidsLeft - :one, bidsPlaced = bidsPlaced + :one, lastActiveAt = :now, updatedAt = :at, version = version + :one",
        ConditionExpression: "#status = :active AND bidsLeft >= :one AND version = :v",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":one": 1,
          ":now": write.now,
          ":at": new Date(write.now).toISOString(),
          ":active": "active",
          ":v": agent.version,
        },
      },
    },
    write,
  );
  if (sent.ok) return sent;
  // The agent changed since it was read (spent, stopped, re-booked) is a lost race like any other.
  if (sent.reason === "bought-now" || sent.reason === "locked-out") return { ok: false, reason: sent.reason };
  return { ok: false, reason: "conflict" };
}

/** Every agent a user ever booked (index gsi2 `USER#<id>#AGENTS`, keys only), read back consistently. */
export async function listUserAgents(userId: string): Promise<AgentRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :p",
      ExpressionAttributeValues: { ":p": indexKeys.userAgents(userId) },
    }),
  );
  const agents = await Promise.all(Items.map((item) => getAgent(String(item.gsi2sk), userId)));
  return agents.filter((agent): agent is AgentRecord => agent !== null);
}
