import { RemovalPolicy } from "aws-cdk-lib";
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from "aws-cdk-lib/aws-dynamodb";
import { Effect, type IGrantable, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { tableDefinition } from "../../functions/adapters/dynamo/table-definition.ts";
import { sessionTouchAttributes } from "../table-access.ts";

export interface DataProps {
  prefix: string;
  /** Ephemeral stages drop the table with the stack; every other stage keeps it and protects it. */
  ephemeral: boolean;
}

/** The one table of docs/architecture.md section 3, built from the same definition the local stack creates. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, "Table", {
      tableName: props.prefix,
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: !props.ephemeral,
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.KEYS_ONLY,
      });
    }
  }

  /**
   * Every HTTP handler reads its caller's session and, at most once a minute, slides its expiry: an
   * update of the session item and the user item (functions/http/session.ts). Every route gets exactly
   * that: GetItem on session items, and UpdateItem on session and user items limited to the attributes
   * the touch writes, so no route can rewrite a password hash, a role or a balance through it.
   */
  grantSessionAccess(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["dynamodb:GetItem"],
        resources: [this.table.tableArn],
        conditions: { "ForAllValues:StringLike": { "dynamodb:LeadingKeys": [`${keys.session("").pk}*`] } },
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["dynamodb:UpdateItem"],
        resources: [this.table.tableArn],
        conditions: {
          "ForAllValues:StringLike": { "dynamodb:LeadingKeys": sessionTouchKeyPatterns() },
          "ForAllValues:StringEquals": { "dynamodb:Attributes": [...sessionTouchAttributes] },
          StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
        },
      }),
    );
  }
}

/** `SESSION#*` and `USER#*`, derived from the key formats so they cannot drift. */
export function sessionTouchKeyPatterns(): string[] {
  return [keys.session("").pk, keys.user("").pk].map((prefix) => `${prefix}*`);
}
