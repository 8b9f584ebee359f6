/**
 * What a handler does to the table, read off the requests it sends (an SDK middleware on the handlers'
 * own client): each request becomes (action, key prefix) pairs, the way IAM authorizes it — a
 * transaction or batch as its item actions, a Query on an index as a Query of that index.
 */
import type { AttemptRecord } from "../../../support/faulty-dynamo.ts";

export interface TableTouch {
  /** IAM action: GetItem, BatchGetItem, Query, PutItem, UpdateItem, DeleteItem, ConditionCheckItem... */
  action: string;
  /** The partition key's prefix (`USER#`, `STATS`), or the index name for an index Query. */
  target: string;
}

type AttributeValue = { S?: string };
type Marshalled = Record<string, AttributeValue>;

/** `USER#123` -> `USER#`; a key without `#` is its own prefix (`STATS`). */
export function keyPrefix(pk: string): string {
  const hash = pk.indexOf("#");
  return hash < 0 ? pk : pk.slice(0, hash + 1);
}

const pkOf = (key: Marshalled | undefined) => key?.pk?.S;

export function touchesOf(attempt: AttemptRecord): TableTouch[] {
  const input = attempt.input as Record<string, unknown>;
  const touch = (action: string, pk: string | undefined): TableTouch[] =>
    pk ? [{ action, target: keyPrefix(pk) }] : [];
  switch (attempt.command) {
    case "GetItem":
    case "DeleteItem":
    case "UpdateItem":
      return touch(attempt.command, pkOf(input.Key as Marshalled));
    case "PutItem":
      return touch("PutItem", pkOf(input.Item as Marshalled));
    case "Query": {
      if (input.IndexName) return [{ action: "Query", target: `index:${input.IndexName as string}` }];
      const values = input.ExpressionAttributeValues as Record<string, AttributeValue>;
      const name = /\bpk\s*=\s*(:\w+)/.exec(input.KeyConditionExpression as string)?.[1];
      return touch("Query", name ? values[name]?.S : undefined);
    }
    case "BatchGetItem":
      return Object.values(input.RequestItems as Record<string, { Keys: Marshalled[] }>).flatMap((r) =>
        r.Keys.flatMap((k) => touch("BatchGetItem", pkOf(k))),
      );
    case "BatchWriteItem":
      return Object.values(
        input.RequestItems as Record<
          string,
          { PutRequest?: { Item: Marshalled }; DeleteRequest?: { Key: Marshalled } }[]
        >,
      ).flatMap((requests) =>
        requests.flatMap((r) =>
          r.PutRequest
            ? touch("PutItem", pkOf(r.PutRequest.Item))
            : touch("DeleteItem", pkOf(r.DeleteRequest?.Key)),
        ),
      );
    case "TransactWriteItems":
      return (input.TransactItems as Record<string, { Item?: Marshalled; Key?: Marshalled }>[]).flatMap(
        (item) => {
          if (item.Put) return touch("PutItem", pkOf(item.Put.Item));
          if (item.Update) return touch("UpdateItem", pkOf(item.Update.Key));
          if (item.Delete) return touch("DeleteItem", pkOf(item.Delete.Key));
          if (item.ConditionCheck) return touch("ConditionCheckItem", pkOf(item.ConditionCheck.Key));
          return [];
        },
      );
    case "TransactGetItems":
      return (input.TransactItems as { Get: { Key: Marshalled } }[]).flatMap((item) =>
        touch("GetItem", pkOf(item.Get.Key)),
      );
    default:
      return [{ action: attempt.command, target: "?" }];
  }
}
