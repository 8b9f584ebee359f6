/**
 * The single table of docs/architecture.md section 3, described once. The CDK data construct and the
 * local stack's create-table both build from this object.
 *
 * Every GSI is sparse and KEYS_ONLY: an update that changes no key attribute (a bid changing
 * price, totalBids, endsAt, lastBidder) writes no index entry (a bidder's tally is indexed once, at
 * their first bid on the auction). Lists query the index for keys and
 * then BatchGet the items.
 */
export const tableDefinition = {
  partitionKey: "pk",
  sortKey: "sk",
  timeToLiveAttribute: "expiresAt",
  globalSecondaryIndexes: [
    { indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    { indexName: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    { indexName: "gsi3", partitionKey: "gsi3pk", sortKey: "gsi3sk" },
    // The unpaid wins and Buy It Now orders by their next payment step (reminder or deadline).
    { indexName: "gsi4", partitionKey: "gsi4pk", sortKey: "gsi4sk" },
    // The won auctions by when they ended (Recent winners): a won auction's other four index keys
    // already order its admin, seller, winner and deadline lists.
    { indexName: "gsi5", partitionKey: "gsi5pk", sortKey: "gsi5sk" },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]["indexName"];

/** CreateTable input for DynamoDB Local (and LocalStack); CDK builds the same from tableDefinition. */
export function createTableInput(tableName: string) {
  const keyAttributes = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: "S" as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: "HASH" as const },
      { AttributeName: tableDefinition.sortKey, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: "HASH" as const },
        { AttributeName: g.sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "KEYS_ONLY" as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" as const },
  };
}
