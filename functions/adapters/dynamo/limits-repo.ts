/**
 * A user's purchase limits and self-exclusion, kept on their user item (`limits`, `pendingLimits`,
 * `selfExcludedUntil`): read with the user, changed by one update each. Beside them: what was credited
 * in the current periods (`spendTally`, moved with `spendSeq` by the credit step in purchases-repo.ts)
 * and the one bid-package payment the user has started and not finished (`openPurchaseIntentId`).
 */
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import * as z from "#shared/schemas/zod";
import { type LimitSettings, NO_LIMITS, type SpendTally } from "../../domain/limits.ts";
import { db, tableName } from "./client.ts";
import { conditionFailed, updateUnlessRefused } from "./conditions.ts";
import { parseStoredItem, type SameKeys } from "./item-schema.ts";
import { keys } from "./keys.ts";

export interface ResponsiblePlay extends LimitSettings {
  selfExcludedUntil: number | null;
  /** Null until the first credit that kept one (purchases credited before are only in the index). */
  tally: SpendTally | null;
  /** Moves with every credit: the credit step writes only over the tally it read. */
  spendSeq: number;
  openPurchaseIntentId: string | null;
}

/** The responsible-play fields of a user item, each absent until first set. */
interface StoredResponsiblePlay {
  limits?: Partial<LimitSettings["limits"]>;
  pendingLimits?: LimitSettings["pending"];
  selfExcludedUntil?: number;
  spendTally?: SpendTally;
  spendSeq?: number;
  openPurchaseIntentId?: string;
}

const limitCents = z.optional(z.nullable(z.number()));
const limitFields = { daily: limitCents, weekly: limitCents, monthly: limitCents };
const periodSpend = z.object({ start: z.number(), cents: z.number() });

const RESPONSIBLE_PLAY_SCHEMA = z.object({
  limits: z.optional(z.object(limitFields)),
  pendingLimits: z.optional(z.object({ ...limitFields, effectiveAt: z.number() })),
  selfExcludedUntil: z.optional(z.number()),
  spendTally: z.optional(z.object({ daily: periodSpend, weekly: periodSpend, monthly: periodSpend })),
  spendSeq: z.optional(z.number()),
  openPurchaseIntentId: z.optional(z.string()),
}) satisfies z.ZodMiniType<StoredResponsiblePlay>;
const _rESPONSIBLE_PLAY_SCHEMAKeys: SameKeys<
  z.infer<typeof RESPONSIBLE_PLAY_SCHEMA>,
  StoredResponsiblePlay
> = true;

export async function getResponsiblePlay(userId: string): Promise<ResponsiblePlay | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ProjectionExpression:
        "pk, limits, pendingLimits, selfExcludedUntil, spendTally, spendSeq, openPurchaseIntentId",
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  const stored = parseStoredItem("user", RESPONSIBLE_PLAY_SCHEMA, Item);
  return {
    limits: { ...NO_LIMITS, ...stored.limits },
    pending: stored.pendingLimits ?? null,
    selfExcludedUntil: stored.selfExcludedUntil ?? null,
    tally: stored.spendTally ?? null,
    spendSeq: stored.spendSeq ?? 0,
    openPurchaseIntentId: stored.openPurchaseIntentId ?? null,
  };
}

export interface BidderFlags {
  selfExcludedUntil: number | null;
  /** Their notification setting `alertsForBidAuctions`: the auctions they bid on alert them too. */
  followsBidAuctions: boolean;
  /** The account's creation (ISO), for the bidder's badge in the live message. */
  joinedAt?: string;
}

const BIDDER_FLAGS_SCHEMA = z.object({
  selfExcludedUntil: z.optional(z.number()),
  createdAt: z.optional(z.string()),
  notifications: z.optional(z.object({ alertsForBidAuctions: z.optional(z.boolean()) })),
});

/**
 * What every bid reads of its bidder's item, in one projected read: self-exclusion, and whether the
 * auction is one they asked to follow by bidding (the alerts' setting, nothing else of the settings).
 */
export async function getBidderFlags(userId: string): Promise<BidderFlags> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ProjectionExpression: "pk, selfExcludedUntil, createdAt, #settings.alertsForBidAuctions",
      ExpressionAttributeNames: { "#settings": "notifications" },
      ConsistentRead: true,
    }),
  );
  const stored = Item ? parseStoredItem("user", BIDDER_FLAGS_SCHEMA, Item) : {};
  return {
    selfExcludedUntil: stored.selfExcludedUntil ?? null,
    followsBidAuctions: stored.notifications?.alertsForBidAuctions === true,
    ...(stored.createdAt ? { joinedAt: stored.createdAt } : {}),
  };
}

/**
 * Makes `intentId` the user's one open bid-package payment, only over the one that was read (`seen`):
 * false when another request recorded its own meanwhile.
 */
export async function recordOpenPurchase(
  userId: string,
  intentId: string,
  seen: string | null,
): Promise<boolean> {
  return updateUnlessRefused({
    Key: keys.user(userId),
    UpdateExpression: "SET openPurchaseIntentId = :intent",
    ConditionExpression: seen
      ? "attribute_exists(pk) AND openPurchaseIntentId = :seen"
      : "attribute_exists(pk) AND attribute_not_exists(openPurchaseIntentId)",
    ExpressionAttributeValues: { ":intent": intentId, ...(seen ? { ":seen": seen } : {}) },
  });
}

export async function writeLimitSettings(userId: string, settings: LimitSettings): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: settings.pending
        ? "SET limits = :l, pendingLimits = :p"
        : "SET limits = :l REMOVE pendingLimits",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeValues: {
        ":l": settings.limits,
        ...(settings.pending ? { ":p": settings.pending } : {}),
      },
    }),
  );
}

/** Sets the self-exclusion end, only ever later (a concurrent shorter request cannot win). */
export async function extendSelfExclusion(userId: string, until: number): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: "SET selfExcludedUntil = :until",
        ConditionExpression:
          "attribute_exists(pk) AND (attribute_not_exists(selfExcludedUntil) OR selfExcludedUntil < :until)",
        ExpressionAttributeValues: { ":until": until },
      }),
    )
    .catch((error: unknown) => {
      if (!conditionFailed(error)) throw error;
    });
}
