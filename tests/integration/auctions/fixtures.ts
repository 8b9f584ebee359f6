/**
 * Builders for the auction tests: users written directly with their credits (createUser) and signed
 * in through the real session store; auctions started through the real startAuction.
 */

import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from "@aws-sdk/client-dynamodb-streams";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord } from "aws-lambda";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import type { AuctionRecord } from "../../../functions/adapters/dynamo/auctions-repo.ts";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { queryAll } from "../../../functions/adapters/dynamo/index-lists.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import type { AuctionClock } from "../../../functions/adapters/scheduler/auction-clock.ts";
import { LOCAL_CREDENTIALS, LOCAL_REGION, localDynamoClient } from "../../../scripts/local/dynamo.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { type Actor, auctionOf, signedInActor } from "../support/actors.ts";

export type TestUser = Actor;

export const testUser = (role: UserRole = "buyer", bidBalance = 0): Promise<TestUser> =>
  signedInActor(role, { bidBalance });

export const anonymous = <T = Record<string, unknown>>(request: ApiRequest) => invokeRoute<T>(request);

/** A clock that only records what it was asked to arm (`rearmed` when the closer re-armed it). */
export function recordingClock(): AuctionClock & {
  armed: { auctionId: string; endsAt: number; rearmed?: true }[];
} {
  const armed: { auctionId: string; endsAt: number; rearmed?: true }[] = [];
  return {
    armed,
    async scheduleEnd(auctionId, endsAt, options) {
      armed.push({
        auctionId,
        endsAt,
        ...(options?.rearmedAt === undefined ? {} : { rearmed: true as const }),
      });
    },
  };
}

let productCounter = 0;

/** A live auction of a fresh seller's product. */
export async function liveAuction(
  options: {
    durationSeconds?: number;
    extensionSeconds?: number;
    startingPriceCents?: number;
    metalType?: "gold" | "silver" | "platinum" | "mixed";
    clock?: AuctionClock;
    sellerCredits?: number;
    /** Buy It Now: the retail price and units offered. */
    retailPriceCents?: number;
    buyNowStock?: number;
  } = {},
): Promise<{ auction: AuctionRecord; seller: TestUser }> {
  const seller = await testUser("seller", options.sellerCredits ?? 0);
  productCounter += 1;
  const auction = await auctionOf(seller, {
    product: {
      id: `product-${productCounter}-${Math.random().toString(36).slice(2, 8)}`,
      name: `Silver Eagle #${productCounter}`,
      description: "One troy ounce of fine silver.",
      metalType: options.metalType ?? "silver",
      weight: "1 oz",
      purity: ".999",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: options.startingPriceCents ?? 50,
      ...(options.retailPriceCents
        ? { retailPriceCents: options.retailPriceCents, buyNowStock: options.buyNowStock ?? 0 }
        : {}),
    },
    durationSeconds: options.durationSeconds ?? 3600,
    extensionSeconds: options.extensionSeconds,
    now: Date.now(),
    clock: options.clock ?? recordingClock(),
  });
  return { auction, seller };
}

export async function getItem(key: { pk: string; sk: string }) {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

export async function bidItems(auctionId: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": keys.bidsPartition(auctionId) },
    ConsistentRead: true,
  });
}

export const bidOn = (user: TestUser, auctionId: string) =>
  user.call<Record<string, unknown>>({ method: "POST", path: `/api/auctions/${auctionId}/bid` });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The stream's records of an auction leaving "active" (oldest first), read once the stream holds at least
 * one: a black-box record of how many times something really ended it. Call it after the ending writes.
 */
export async function auctionEndings(
  auctionId: string,
): Promise<{ oldStatus?: string; newStatus?: string }[]> {
  const endings = async () =>
    (await auctionStreamChanges(auctionId)).filter(
      (c) => c.oldStatus === "active" && c.newStatus !== "active",
    );
  await expect.poll(async () => (await endings()).length).toBeGreaterThan(0);
  return endings();
}

/** Every change of an auction's state item, from the table's stream (oldest first). */
async function auctionStreamChanges(
  auctionId: string,
): Promise<{ oldStatus?: string; newStatus?: string }[]> {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const dynamo = localDynamoClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName() }));
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }),
    );
    const changes: { oldStatus?: string; newStatus?: string }[] = [];
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: Table!.LatestStreamArn!,
          ShardId: shard.ShardId!,
          ShardIteratorType: "TRIM_HORIZON",
        }),
      );
      for (let page = 0; iterator && page < 1000; page++) {
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        for (const record of out.Records ?? []) {
          const keysOf = record.dynamodb?.Keys;
          if (keysOf?.pk?.S !== keys.auction(auctionId).pk || keysOf?.sk?.S !== "STATE") continue;
          changes.push({
            oldStatus: record.dynamodb?.OldImage?.status?.S,
            newStatus: record.dynamodb?.NewImage?.status?.S,
          });
        }
        if (!out.Records?.length) break;
        iterator = out.NextShardIterator;
      }
    }
    return changes;
  } finally {
    dynamo.destroy();
    streams.destroy();
  }
}

/** A fixed auction record, for driving the broadcaster with stream records of its changes. */
export function broadcastAuction(id: string): AuctionRecord {
  return {
    id,
    productId: "p-1",
    sellerId: "s-1",
    sellerUserId: "su-1",
    status: "active",
    startingPriceCents: 100,
    priceCents: 100,
    bidIncrementCents: 1,
    extensionSeconds: 10,
    totalBids: 0,
    endsAt: Date.parse("2030-01-01T00:00:00.000Z"),
    createdAt: "2029-12-31T00:00:00.000Z",
    product: {
      id: "p-1",
      name: "Coin",
      description: "A coin",
      metalType: "silver",
      imageUrl: "/x.svg",
      startingPriceCents: 100,
    },
    seller: { id: "s-1", userId: "su-1", businessName: "Biz" },
  };
}

let streamSequence = 1000;
/** A stream record of an item's change as DynamoDB Streams hands it over (INSERT, MODIFY or REMOVE). */
export function streamRecord(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): DynamoDBRecord {
  streamSequence += 1;
  const image = (item: Record<string, unknown> | undefined) =>
    item ? (marshall(item, { removeUndefinedValues: true }) as never) : undefined;
  return {
    eventID: String(streamSequence),
    eventName: before && after ? "MODIFY" : after ? "INSERT" : "REMOVE",
    eventSource: "aws:dynamodb",
    awsRegion: "us-east-1",
    dynamodb: {
      Keys: image({ pk: (after ?? before)?.pk, sk: (after ?? before)?.sk }),
      OldImage: image(before),
      NewImage: image(after),
      SequenceNumber: String(streamSequence),
      StreamViewType: "NEW_AND_OLD_IMAGES",
    },
  };
}
