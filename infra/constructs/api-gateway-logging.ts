import { RemovalPolicy } from "aws-cdk-lib";
import { CfnAccount } from "aws-cdk-lib/aws-apigateway";
import { ManagedPolicy, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";

/**
 * API Gateway's account-level CloudWatch Logs role, which a WebSocket stage's access log needs: without
 * it, a fresh account fails to create the stage ("CloudWatch Logs role ARN must be set in account
 * settings to enable logging"). The setting belongs to the account and region, not to a stage, so the
 * role is kept when the stack goes (another stage may rely on it) and has a generated name (two
 * stages side by side each make one; the last deployed is the account's setting, and both work).
 * `-c apiGatewayCloudWatchRole=existing` leaves an account's own setting alone (npm run preflight says
 * whether one is set).
 */
export class ApiGatewayLogging extends Construct {
  readonly account: CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const role = new Role(this, "Role", {
      description: "API Gateway writes the stages' access logs to CloudWatch Logs with this role",
      assumedBy: new ServicePrincipal("apigateway.amazonaws.com"),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName("service-role/AmazonAPIGatewayPushToCloudWatchLogs"),
      ],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]",
      "AWS's policy for exactly this role: API Gateway creating log groups and streams and writing access logs",
    );
    this.account = new CfnAccount(this, "Account", { cloudWatchRoleArn: role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}
