/**
 * What every migration in this folder shares: it scans the table page by page for the items a filter
 * keeps, works out each one's write, lists it, and (unless it is a dry run) applies it under a
 * condition that still holds only while the item lacks the change, so a concurrent write wins.
 */
import { parseArgs } from "node:util";
import type { UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { pointAtTable } from "../table-target.ts";

type Item = Record<string, unknown>;

/** One item's write: `note` is what the listing says of it, `update` the expression and its condition. */
export interface Change {
  note: string;
  update: Required<Pick<UpdateCommandInput, "UpdateExpression" | "ConditionExpression">> &
    Pick<UpdateCommandInput, "ExpressionAttributeNames" | "ExpressionAttributeValues">;
}

export interface Migration {
  dryRun: boolean;
  /** The scan's filter: which items may need the change. */
  scan: Pick<UpdateCommandInput, "ExpressionAttributeNames" | "ExpressionAttributeValues"> & {
    FilterExpression: string;
  };
  /** The write an item needs, or undefined to leave it as it is. */
  change(item: Item): Promise<Change | undefined> | Change | undefined;
  /** The closing count: what one item is called, and what is said of them in a dry run and after it. */
  count: { noun: string; toDo: string; done: string };
}

/** Runs a migration over the whole table. Answers how many items needed the change. */
export async function migrate({ dryRun, scan, change, count }: Migration): Promise<number> {
  // Imported here, not at the top, so the client is made after pointAtTable has set the endpoint.
  const { ScanCommand, UpdateCommand } = await import("@aws-sdk/lib-dynamodb");
  const { db, tableName } = await import("../../functions/adapters/dynamo/client.ts");
  let changed = 0;
  let cursor: Item | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: cursor, ...scan }),
    );
    for (const item of page.Items ?? []) {
      const planned = await change(item);
      if (!planned) continue;
      changed += 1;
      console.log(`${item.pk}: ${planned.note}`);
      if (dryRun) continue;
      await db
        .send(
          new UpdateCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, ...planned.update }),
        )
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== "ConditionalCheckFailedException") throw error;
          console.log(`${item.pk}: changed meanwhile, left as it is`);
        });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  console.log(`${changed} ${count.noun}${changed === 1 ? "" : "s"} ${dryRun ? count.toDo : count.done}.`);
  return changed;
}

/**
 * The command line of a migration module (`--table NAME --region R --endpoint URL --dry-run`): runs
 * `run` when the module is the script node was started with, and does nothing when it is imported.
 */
export async function runFromCommandLine(
  moduleUrl: string,
  run: (dryRun: boolean) => Promise<number>,
): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  const { values } = parseArgs({
    options: {
      table: { type: "string" },
      region: { type: "string" },
      endpoint: { type: "string" },
      "dry-run": { type: "boolean" },
    },
  });
  pointAtTable(values);
  await run(Boolean(values["dry-run"]));
}
