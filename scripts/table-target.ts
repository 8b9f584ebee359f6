/**
 * Where a one-off script's table calls go: without `table`, the local stack's table on DynamoDB Local
 * (127.0.0.1:DYNAMO_PORT, else 8000, with throwaway credentials); with `table` (and `region`), a
 * deployed one through the normal AWS credentials.
 */
export function pointAtTable(target: { table?: string; region?: string; endpoint?: string }): void {
  process.env.TABLE_NAME = target.table ?? process.env.TABLE_NAME ?? "penny-auction-local";
  process.env.AWS_REGION = target.region ?? process.env.AWS_REGION ?? "us-east-1";
  if (!target.table) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB =
      target.endpoint ??
      process.env.AWS_ENDPOINT_URL_DYNAMODB ??
      `http://127.0.0.1:${process.env.DYNAMO_PORT ?? 8000}`;
    process.env.AWS_ACCESS_KEY_ID ??= "local";
    process.env.AWS_SECRET_ACCESS_KEY ??= "local";
  } else if (target.endpoint) {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = target.endpoint;
  }
}
