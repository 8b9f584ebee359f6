import { ACMClient, DescribeCertificateCommand } from "@aws-sdk/client-acm";
import {
  APIGatewayClient,
  GetAccountCommand as GetApiGatewayAccountCommand,
} from "@aws-sdk/client-api-gateway";
import {
  CloudFrontClient,
  ListCachePoliciesCommand,
  ListDistributionsCommand,
  ListOriginRequestPoliciesCommand,
  ListResponseHeadersPoliciesCommand,
} from "@aws-sdk/client-cloudfront";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { GetAccountSettingsCommand, LambdaClient } from "@aws-sdk/client-lambda";
import {
  GetEmailIdentityCommand,
  GetAccountCommand as GetSesAccountCommand,
  SESv2Client,
} from "@aws-sdk/client-sesv2";
import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { liveKeys } from "../../functions/adapters/dynamo/keys.ts";
import { servedKeyOfItem } from "../../functions/adapters/dynamo/realtime-api-keys-repo.ts";
import type { ServedRealtimeKey } from "../../functions/domain/realtime-api-keys.ts";

/**
 * What npm run preflight asks an AWS account, read-only, with the operator's credentials. Each
 * question is one call, so a test can answer any of them itself where moto lacks the API.
 */
export interface AccountFacts {
  identity(): Promise<{ account: string; arn: string }>;
  /** The CDK bootstrap stack's version in a region (its SSM parameter), undefined when not bootstrapped. */
  bootstrapVersion(region: string): Promise<number | undefined>;
  /** API Gateway's account-level CloudWatch Logs role, undefined when none is set. */
  apiGatewayCloudWatchRole(): Promise<string | undefined>;
  sesAccount(): Promise<{ productionAccess: boolean; sendingEnabled: boolean }>;
  /** An SES identity (address or domain) in the region, undefined when it does not exist. */
  sesIdentity(identity: string): Promise<{ verified: boolean } | undefined>;
  /** The account's Lambda concurrent executions quota in the region. */
  lambdaConcurrency(): Promise<number>;
  parameterExists(name: string): Promise<boolean>;
  /** An ACM certificate (looked up in its own region, from the ARN), undefined when not found. */
  certificate(arn: string): Promise<{ status: string; domains: string[] } | undefined>;
  /** How many CloudFront distributions the account has (CloudFront is global). */
  cloudFrontDistributions(): Promise<number>;
  /** The account's own (custom) CloudFront policies, which count against its quotas. */
  cloudFrontPolicies(): Promise<CloudFrontPolicyCounts>;
  /**
   * The Event API key a deployed stage's GET /api/config serves (its table's item), undefined when
   * the table or the item does not exist (a new stage, or one with -c live=websocket).
   */
  servedLiveKey(tableName: string): Promise<ServedRealtimeKey | undefined>;
}

export interface CloudFrontPolicyCounts {
  cache: number;
  originRequest: number;
  responseHeaders: number;
}

export interface AwsOptions {
  region: string;
  /** Another endpoint for every service (moto_server in the tests). */
  endpoint?: string;
}

const BOOTSTRAP_VERSION_PARAMETER = "/cdk-bootstrap/hnb659fds/version";

export function awsAccountFacts(options: AwsOptions): AccountFacts {
  const config = (region = options.region) => ({
    region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
  const ssm = new SSMClient(config());
  // "Not there" is an answer (ParameterNotFound, NotFoundException, ResourceNotFoundException); anything else is not.
  const notFound = (error: unknown): undefined => {
    if (error instanceof Error && /NotFound/.test(error.name)) return undefined;
    throw error;
  };
  return {
    async identity() {
      const answer = await new STSClient(config()).send(new GetCallerIdentityCommand({}));
      return { account: answer.Account ?? "?", arn: answer.Arn ?? "?" };
    },
    async bootstrapVersion(region) {
      const client = region === options.region ? ssm : new SSMClient(config(region));
      return client
        .send(new GetParameterCommand({ Name: BOOTSTRAP_VERSION_PARAMETER }))
        .then((answer) => Number(answer.Parameter?.Value))
        .catch(notFound);
    },
    async apiGatewayCloudWatchRole() {
      const answer = await new APIGatewayClient(config()).send(new GetApiGatewayAccountCommand({}));
      return answer.cloudwatchRoleArn || undefined;
    },
    async sesAccount() {
      const answer = await new SESv2Client(config()).send(new GetSesAccountCommand({}));
      return {
        productionAccess: answer.ProductionAccessEnabled === true,
        sendingEnabled: answer.SendingEnabled !== false,
      };
    },
    async sesIdentity(identity) {
      return new SESv2Client(config())
        .send(new GetEmailIdentityCommand({ EmailIdentity: identity }))
        .then((answer) => ({ verified: answer.VerifiedForSendingStatus === true }))
        .catch(notFound);
    },
    async lambdaConcurrency() {
      const answer = await new LambdaClient(config()).send(new GetAccountSettingsCommand({}));
      return answer.AccountLimit?.ConcurrentExecutions ?? 0;
    },
    async parameterExists(name) {
      return ssm
        .send(new GetParameterCommand({ Name: name }))
        .then(() => true)
        .catch((error) => notFound(error) ?? false);
    },
    async certificate(arn) {
      const region = arn.split(":")[3] || options.region;
      return new ACMClient(config(region))
        .send(new DescribeCertificateCommand({ CertificateArn: arn }))
        .then((answer) => ({
          status: answer.Certificate?.Status ?? "?",
          domains: answer.Certificate?.SubjectAlternativeNames ?? [answer.Certificate?.DomainName ?? ""],
        }))
        .catch(notFound);
    },
    async cloudFrontDistributions() {
      const answer = await new CloudFrontClient(config(US_EAST_1)).send(new ListDistributionsCommand({}));
      return answer.DistributionList?.Quantity ?? 0;
    },
    async servedLiveKey(tableName) {
      const table = DynamoDBDocumentClient.from(new DynamoDBClient(config()));
      return table
        .send(new GetCommand({ TableName: tableName, Key: liveKeys.servedApiKey() }))
        .then((answer) => servedKeyOfItem(answer.Item))
        .catch(notFound);
    },
    async cloudFrontPolicies() {
      const cloudFront = new CloudFrontClient(config(US_EAST_1));
      // 20 of each at most by default: one page (MaxItems 100) holds them all.
      const [cache, originRequest, responseHeaders] = await Promise.all([
        cloudFront.send(new ListCachePoliciesCommand({ Type: "custom", MaxItems: 100 })),
        cloudFront.send(new ListOriginRequestPoliciesCommand({ Type: "custom", MaxItems: 100 })),
        cloudFront.send(new ListResponseHeadersPoliciesCommand({ Type: "custom", MaxItems: 100 })),
      ]);
      return {
        cache: cache.CachePolicyList?.Quantity ?? 0,
        originRequest: originRequest.OriginRequestPolicyList?.Quantity ?? 0,
        responseHeaders: responseHeaders.ResponseHeadersPolicyList?.Quantity ?? 0,
      };
    },
  };
}

const US_EAST_1 = "us-east-1";
