/**
 * Creates the single table (from functions/adapters/dynamo/table-definition.ts) on a local engine
 * if it does not exist: DynamoDB Local started by hand, or LocalStack.
 *
 *   npx tsx scripts/create-table.ts                  # http://127.0.0.1:$DYNAMO_PORT (8000), penny-auction-local
 *   AWS_ENDPOINT_URL=http://localhost:4566 TABLE_NAME=x npx tsx scripts/create-table.ts
 *
 * `npm run dev` does this itself; a deployed table is created by the CDK app, not by this script.
 */
import { DEFAULT_TABLE_NAME, ensureTable } from "./local/dynamo.ts";

const endpoint =
  process.env.AWS_ENDPOINT_URL_DYNAMODB ??
  process.env.AWS_ENDPOINT_URL ??
  `http://127.0.0.1:${process.env.DYNAMO_PORT || 8000}`;
const tableName = process.env.TABLE_NAME || DEFAULT_TABLE_NAME;

try {
  const outcome = await ensureTable(endpoint, tableName);
  console.log(`Table ${tableName} ${outcome === "created" ? "created" : "already exists"} on ${endpoint}`);
} catch (error) {
  console.error(`Could not create table ${tableName} on ${endpoint}: ${(error as Error).message}`);
  process.exitCode = 1;
}
