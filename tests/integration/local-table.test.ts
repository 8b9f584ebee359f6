/**
 * The local stack's table (scripts/local/dynamo.ts ensureTable): a table on disk made before an index
 * was added to the definition gains that index and keeps its items.
 */
import { randomBytes } from "node:crypto";
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTableInput, tableDefinition } from "../../functions/adapters/dynamo/table-definition.ts";
import { ensureTable, localDynamoClient } from "../../scripts/local/dynamo.ts";

const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB || inject("dynamoEndpoints")[0]!;
const name = `old-table-${randomBytes(4).toString("hex")}`;
const client = localDynamoClient(endpoint);

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: name })).catch(() => {});
  client.destroy();
});

describe("ensureTable on a table made before the newest index", () => {
  it("adds the missing index and keeps the items", async () => {
    const full = createTableInput(name);
    const newest = tableDefinition.globalSecondaryIndexes.at(-1)!;
    await client.send(
      new CreateTableCommand({
        ...full,
        AttributeDefinitions: full.AttributeDefinitions.filter(
          (a) => a.AttributeName !== newest.partitionKey && a.AttributeName !== newest.sortKey,
        ),
        GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((g) => g.IndexName !== newest.indexName),
      }),
    );
    const doc = DynamoDBDocumentClient.from(client);
    await doc.send(new PutCommand({ TableName: name, Item: { pk: "KEPT#1", sk: "ITEM" } }));

    expect(await ensureTable(endpoint, name)).toBe("exists");

    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName).sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((g) => g.indexName).sort(),
    );
    expect(
      (await doc.send(new GetCommand({ TableName: name, Key: { pk: "KEPT#1", sk: "ITEM" } }))).Item,
    ).toBeDefined();
  });
});
