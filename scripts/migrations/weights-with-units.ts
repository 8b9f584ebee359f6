/**
 * npm run migrate:weights [-- --table NAME --region R] [--endpoint URL] [--dry-run]
 *
 * Stored weights become an amount with its unit ("1 oz", "31.1 g"), the shape the fine content is
 * derived from: "1oz" gets its space, a bare number ("1", the admin form's ounces) gets " oz". The
 * products and the copies of them their auctions hold are both rewritten, each only if it still holds
 * what was read (a concurrent edit wins). Without --table it targets the local stack's table.
 */
import { canonicalWeight } from "#shared/weight";
import { migrate, runFromCommandLine } from "./migration.ts";

/** The weight as an amount with its unit; text that names no unit it knows stays as it is. */
export function weightWithUnit(weight: string): string {
  const text = weight.trim();
  return canonicalWeight(/^\d+(?:\.\d+)?$/.test(text) ? `${text} oz` : text) ?? weight;
}

/** Rewrites every stored weight that lacks its unit; `dryRun` only lists them. Answers how many. */
export function migrateWeights(dryRun: boolean): Promise<number> {
  return migrate({
    dryRun,
    scan: {
      FilterExpression: "#type IN (:product, :auction)",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":product": "product", ":auction": "auction" },
    },
    change(item) {
      // A product holds its weight; an auction holds a copy of its product.
      const path = item.type === "product" ? ["weight"] : ["product", "weight"];
      const weight = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], item);
      if (typeof weight !== "string" || weightWithUnit(weight) === weight) return undefined;
      const target = path.map((_, i) => `#p${i}`).join(".");
      return {
        note: `"${weight}" -> "${weightWithUnit(weight)}"`,
        update: {
          UpdateExpression: `SET ${target} = :new`,
          ConditionExpression: `${target} = :old`,
          ExpressionAttributeNames: Object.fromEntries(path.map((key, i) => [`#p${i}`, key])),
          ExpressionAttributeValues: { ":new": weightWithUnit(weight), ":old": weight },
        },
      };
    },
    count: { noun: "weight", toDo: "to rewrite", done: "rewritten" },
  });
}

await runFromCommandLine(import.meta.url, migrateWeights);
