/**
 * The table's single-item commands with its name filled in: every repository works on the one table
 * (client.ts tableName), so a call spells out only what differs — the key, the item, the expressions.
 */
import {
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";

/** A command's input without the table name, which is always ours. */
export type OnTable<Input> = Omit<Input, "TableName">;

export function getItem(input: OnTable<GetCommandInput>) {
  return db.send(new GetCommand({ TableName: tableName(), ...input }));
}

export function putItem(input: OnTable<PutCommandInput>) {
  return db.send(new PutCommand({ TableName: tableName(), ...input }));
}

export function updateItem(input: OnTable<UpdateCommandInput>) {
  return db.send(new UpdateCommand({ TableName: tableName(), ...input }));
}

export function deleteItem(input: OnTable<DeleteCommandInput>) {
  return db.send(new DeleteCommand({ TableName: tableName(), ...input }));
}

/** One page of a Query. */
export function queryItems(input: OnTable<QueryCommandInput>) {
  return db.send(new QueryCommand({ TableName: tableName(), ...input }));
}

/** The newest `limit` items of a partition whose sort key starts with a time, newest first. */
export async function queryNewest(partition: string, limit: number): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await queryItems({
    KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": partition },
    ScanIndexForward: false,
    Limit: limit,
  });
  return Items;
}
