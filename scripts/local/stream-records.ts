/**
 * What a stream record looks like to a consumer: GetRecords' SDK shapes turned into the JSON Lambda's
 * event source mapping delivers, so the local poller hands the handlers the events AWS would.
 */
import type {
  _Record as SdkRecord,
  AttributeValue as StreamAttributeValue,
} from "@aws-sdk/client-dynamodb-streams";
import type { AttributeValue, DynamoDBRecord } from "aws-lambda";
import { LOCAL_REGION } from "./dynamo.ts";

/** An SDK stream attribute value in the JSON shape Lambda delivers (binary as base64 strings). */
export function toLambdaAttribute(value: StreamAttributeValue): AttributeValue {
  const v = value as unknown as Record<string, unknown>;
  if (v.B !== undefined) return { B: Buffer.from(v.B as Uint8Array).toString("base64") };
  if (v.BS !== undefined) return { BS: (v.BS as Uint8Array[]).map((b) => Buffer.from(b).toString("base64")) };
  if (v.M !== undefined) return { M: toLambdaImage(v.M as Record<string, StreamAttributeValue>) ?? {} };
  if (v.L !== undefined) return { L: (v.L as StreamAttributeValue[]).map(toLambdaAttribute) };
  if (v.S !== undefined) return { S: v.S as string };
  if (v.N !== undefined) return { N: v.N as string };
  if (v.SS !== undefined) return { SS: v.SS as string[] };
  if (v.NS !== undefined) return { NS: v.NS as string[] };
  if (v.NULL !== undefined) return { NULL: v.NULL as boolean };
  if (v.BOOL !== undefined) return { BOOL: v.BOOL as boolean };
  return value as unknown as AttributeValue;
}

export function toLambdaImage(
  image: Record<string, StreamAttributeValue> | undefined,
): Record<string, AttributeValue> | undefined {
  if (!image) return undefined;
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, toLambdaAttribute(v)]));
}

/** One GetRecords record as Lambda's event source mapping delivers it. */
export function toLambdaRecord(record: SdkRecord, streamArn: string, region = LOCAL_REGION): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const dynamodb: NonNullable<DynamoDBRecord["dynamodb"]> = {
    ApproximateCreationDateTime: d.ApproximateCreationDateTime
      ? Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000)
      : Math.floor(Date.now() / 1000),
    Keys: toLambdaImage(d.Keys),
    SequenceNumber: d.SequenceNumber,
    SizeBytes: d.SizeBytes,
    StreamViewType: d.StreamViewType,
  };
  if (d.NewImage) dynamodb.NewImage = toLambdaImage(d.NewImage);
  if (d.OldImage) dynamodb.OldImage = toLambdaImage(d.OldImage);
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord["eventName"],
    eventVersion: "1.1",
    eventSource: "aws:dynamodb",
    awsRegion: region,
    dynamodb,
    eventSourceARN: streamArn,
  };
}
