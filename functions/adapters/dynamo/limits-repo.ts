/**
 * A user's purchase limits and self-exclusion, kept on their user item (`limits`, `pendingLimits`,
 * `selfExcludedUntil`): read with the user, changed by one update each.
 */
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type LimitSettings, NO_LIMITS } from "../../domain/spending-limits.ts";
import { db, tableName } from "./client.ts";
import { conditionFailed } from "./conditions.ts";
import { type ItemShape, parseItem } from "./item-shape.ts";
import { keys } from "./keys.ts";

export interface ResponsiblePlay extends LimitSettings {
  selfExcludedUntil: number | null;
}

/** The responsible-play fields of a user item, each absent until first set. */
interface StoredResponsiblePlay {
  limits?: Partial<LimitSettings["limits"]>;
  pendingLimits?: LimitSettings["pending"];
  selfExcludedUntil?: number;
}

const RESPONSIBLE_PLAY_SHAPE: ItemShape<StoredResponsiblePlay> = {
  limits: "object?",
  pendingLimits: "object?",
  selfExcludedUntil: "number?",
};

export async function getResponsiblePlay(userId: string): Promise<ResponsiblePlay | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      ProjectionExpression: "pk, limits, pendingLimits, selfExcludedUntil",
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  const stored = parseItem("user", RESPONSIBLE_PLAY_SHAPE, Item);
  return {
    limits: { ...NO_LIMITS, ...stored.limits },
    pending: stored.pendingLimits ?? null,
    selfExcludedUntil: stored.selfExcludedUntil ?? null,
  };
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
