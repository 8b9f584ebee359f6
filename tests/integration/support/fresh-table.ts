/**
 * A fresh table per test file:
 *
 *   const table = useFreshTable();
 *   it("…", async () => { … table.name … }); // process.env.TABLE_NAME is set too
 *
 * beforeAll creates a uniquely named table (createTableInput: GSIs and stream included) on the
 * run's DynamoDB Local and points TABLE_NAME at it; afterAll deletes it and restores TABLE_NAME.
 */
import { randomBytes } from "node:crypto";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, inject } from "vitest";
import { ensureTable, localDynamoClient } from "../../../scripts/local/dynamo.ts";

export interface FreshTable {
  /** The table's name (set once beforeAll has run). */
  readonly name: string;
  /** DynamoDB Local's endpoint. */
  readonly endpoint: string;
}

export function useFreshTable(prefix = "test"): FreshTable {
  let name = "";
  let previous: string | undefined;
  const endpoint = () => process.env.AWS_ENDPOINT_URL_DYNAMODB || inject("dynamoEndpoints")[0]!;

  beforeAll(async () => {
    name = `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
    await ensureTable(endpoint(), name);
    previous = process.env.TABLE_NAME;
    process.env.TABLE_NAME = name;
  });

  afterAll(async () => {
    if (previous === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = previous;
    if (!name) return;
    const client = localDynamoClient(endpoint());
    try {
      await client.send(new DeleteTableCommand({ TableName: name }));
    } catch {
      // The engine is going away anyway.
    } finally {
      client.destroy();
    }
  });

  return {
    get name() {
      if (!name) throw new Error("useFreshTable(): the table exists only once beforeAll has run");
      return name;
    },
    get endpoint() {
      return endpoint();
    },
  };
}
