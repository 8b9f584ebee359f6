/**
 * The ending-soon sweep reads many users' notification choices at once through the one BatchGet path
 * (index-lists.ts batchGetItems): keys DynamoDB leaves unprocessed are retried with backoff a bounded
 * number of times, and only the settings attribute is read.
 */
import { BatchGetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { getStoredNotificationSettingsOf } from "../../../functions/adapters/dynamo/notification-settings-repo.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("settings-batch");

async function storeUsers(count: number) {
  const ids = Array.from({ length: count }, (_, n) => `batch-user-${n}`);
  for (const [n, id] of ids.entries()) {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.user(id),
          id,
          passwordHash: "secret",
          ...(n % 2 === 0 ? { notifications: { outbid: n % 4 === 0 } } : {}),
        },
      }),
    );
  }
  return ids;
}

/** BatchGet answers whose found items are handed back as unprocessed, `times` times. */
function leaveUnprocessed(times: number) {
  const send = db.send.bind(db);
  let left = times;
  return vi.spyOn(db, "send").mockImplementation((async (command: unknown) => {
    const answer = await send(command as never);
    if (!(command instanceof BatchGetCommand) || left <= 0) return answer;
    left--;
    const table = tableName();
    const found =
      (answer as { Responses?: Record<string, Record<string, unknown>[]> }).Responses?.[table] ?? [];
    return {
      ...answer,
      Responses: { [table]: [] },
      UnprocessedKeys: { [table]: { Keys: found.map((item) => ({ pk: item.pk, sk: item.sk })) } },
    };
  }) as typeof db.send);
}

afterEach(() => vi.restoreAllMocks());

describe("reading many users' notification choices", () => {
  it("finds each user's stored choice, and nothing else of the profile", async () => {
    const ids = await storeUsers(6);
    const spy = vi.spyOn(db, "send");
    const settings = await getStoredNotificationSettingsOf([...ids, "nobody"]);
    expect([...settings.keys()].sort()).toEqual([...ids].sort());
    expect(settings.get("batch-user-0")).toEqual({ outbid: true });
    expect(settings.get("batch-user-2")).toEqual({ outbid: false });
    expect(settings.get("batch-user-1")).toBeUndefined();
    const batch = spy.mock.calls.map(([command]) => command).find((c) => c instanceof BatchGetCommand);
    expect((batch as BatchGetCommand).input.RequestItems?.[tableName()]?.ProjectionExpression).toBe(
      "pk, sk, notifications",
    );
  });

  it("retries keys left unprocessed and still answers every user", async () => {
    const ids = await storeUsers(4);
    const spy = leaveUnprocessed(2);
    const settings = await getStoredNotificationSettingsOf(ids);
    expect(settings.size).toBe(4);
    expect(spy.mock.calls.filter(([command]) => command instanceof BatchGetCommand)).toHaveLength(3);
  });

  it("gives up after a bounded number of rounds instead of looping", async () => {
    const ids = await storeUsers(2);
    const spy = leaveUnprocessed(1_000);
    await expect(getStoredNotificationSettingsOf(ids)).rejects.toThrow(
      "BatchGet kept leaving keys unprocessed",
    );
    const rounds = spy.mock.calls.filter(([command]) => command instanceof BatchGetCommand).length;
    expect(rounds).toBeGreaterThan(1);
    expect(rounds).toBeLessThanOrEqual(10);
  });
});
