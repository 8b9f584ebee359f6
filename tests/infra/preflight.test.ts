/**
 * npm run preflight against a fake AWS: moto_server (pip install "moto[server]") on a free local port,
 * seeded like a fresh account; SES's account settings and Lambda's account settings, which moto does not
 * serve, are answered at the SDK level.
 */
import { ACMClient, RequestCertificateCommand } from "@aws-sdk/client-acm";
import { APIGatewayClient, UpdateAccountCommand } from "@aws-sdk/client-api-gateway";
import { CreateTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { PutParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveKeys } from "../../functions/adapters/dynamo/keys.ts";
import { readStageConfig } from "../../infra/config.ts";
import { type AccountFacts, awsAccountFacts } from "../../scripts/deploy/account-facts.ts";
import {
  type Check,
  coversDomain,
  formatCheck,
  preflightChecks,
} from "../../scripts/deploy/preflight-checks.ts";
import { type MotoServer, motoInstalled, startMoto } from "../support/moto-server.ts";
import { cdkJsonContext, PROD_CONTEXT } from "./support/synth.ts";

if (!motoInstalled)
  console.warn("moto_server is not installed (pip install 'moto[server]'): preflight is not tested");

let moto: MotoServer | undefined;
let endpoint = "";
const saved = { ...process.env };

beforeAll(async () => {
  if (!motoInstalled) return;
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: "testing",
    AWS_SECRET_ACCESS_KEY: "testing",
    AWS_EC2_METADATA_DISABLED: "true",
  });
  delete process.env.AWS_PROFILE;
  moto = await startMoto();
  endpoint = moto.endpoint;
}, 60_000);

afterAll(() => {
  moto?.stop();
  process.env = saved;
});

const stage = (context: Record<string, unknown>) =>
  readStageConfig((key) => ({ ...cdkJsonContext(), ...context })[key]);

/** moto for everything it serves; SES's and Lambda's account settings as a new account has them. */
function freshAccount(region: string, overrides: Partial<AccountFacts> = {}): AccountFacts {
  return {
    ...awsAccountFacts({ region, endpoint }),
    sesAccount: async () => ({ productionAccess: false, sendingEnabled: true }),
    lambdaConcurrency: async () => 10,
    // moto lists distributions but not CloudFront's policies: an account that has made none.
    cloudFrontPolicies: async () => ({ cache: 0, originRequest: 0, responseHeaders: 0 }),
    ...overrides,
  };
}

/** A domain someone can own (the example domains cannot be verified, and preflight says so). */
const SHOP_DOMAIN = "auctions.penny-shop.net";

const byName = (checks: Check[]) => Object.fromEntries(checks.map((c) => [c.name, c]));

describe.skipIf(!motoInstalled)("npm run preflight (skipped where moto_server is not installed)", () => {
  it("says what a fresh account lacks for prod in eu-west-1 (the credentials' region), each with its fix", async () => {
    const ssm = (region: string) => new SSMClient({ region, endpoint });
    await ssm("eu-west-1").send(
      new PutParameterCommand({ Name: "/cdk-bootstrap/hnb659fds/version", Value: "21", Type: "String" }),
    );
    await ssm("eu-west-1").send(
      new PutParameterCommand({
        Name: "/penny-auction-prod/stripe/secret-key",
        Value: "sk_test_1",
        Type: "SecureString",
      }),
    );
    const certificate = await new ACMClient({ region: "us-east-1", endpoint }).send(
      new RequestCertificateCommand({ DomainName: SHOP_DOMAIN, ValidationMethod: "DNS" }),
    );
    const config = stage({
      ...PROD_CONTEXT,
      domainName: SHOP_DOMAIN,
      certificateArn: certificate.CertificateArn,
    });
    const list = await preflightChecks({ config, region: "eu-west-1" }, freshAccount("eu-west-1"));
    const checks = byName(list);
    console.info(list.map(formatCheck).join("\n"));

    // What the deploy creates, region by region, before any question: the edge stack first.
    expect(list.slice(1, 3).map((c) => [c.name, c.status])).toEqual([
      ["creates in us-east-1", "ok"],
      ["creates in eu-west-1", "ok"],
    ]);
    expect(checks["creates in us-east-1"]!.detail).toBe("PennyAuction-prod-edge (CloudFront's Web ACL)");
    expect(checks["creates in eu-west-1"]!.detail).toMatch(
      /^PennyAuction-prod-data \(the table, the media bucket, the origin secret.*\); PennyAuction-prod \(/,
    );

    expect(checks.account).toMatchObject({
      status: "ok",
      detail: expect.stringMatching(/^\d{12} in eu-west-1/),
    });
    expect(checks["CDK bootstrap (eu-west-1)"]).toMatchObject({ status: "ok", detail: "version 21" });
    // The Web ACL's edge stack deploys to us-east-1, which is not bootstrapped yet.
    expect(checks["CDK bootstrap (us-east-1)"]).toMatchObject({
      status: "fail",
      detail: "not bootstrapped: npm run deploy would stop at PennyAuction-prod-edge",
      fix: expect.stringMatching(/^npx cdk bootstrap aws:\/\/\d{12}\/us-east-1$/),
    });
    expect(checks["API Gateway CloudWatch Logs role"]).toMatchObject({
      status: "ok",
      detail: "not set: the stack creates it",
    });
    expect(checks["SES sending"]).toMatchObject({
      status: "warn",
      detail:
        "sandbox: only verified recipients get mail (ask for production access: https://docs.aws.amazon.com/ses/latest/dg/request-production-access.html)",
      fix: expect.stringContaining(
        "aws sesv2 put-account-details --region eu-west-1 --production-access-enabled",
      ),
    });
    expect(checks["SES From identity"]).toMatchObject({
      status: "ok",
      detail: expect.stringContaining(`${SHOP_DOMAIN}: the stack creates it`),
    });
    expect(checks["Lambda concurrency"]).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("--quota-code L-B99A9384 --desired-value 1000"),
    });
    expect(checks["CloudFront distributions"]).toMatchObject({
      status: "warn",
      detail: expect.stringContaining(
        "Your account must be verified before you can add new CloudFront resources",
      ),
      fix: expect.stringContaining("AWS Support Center"),
    });
    expect(checks["CloudFront policies"]).toMatchObject({
      status: "ok",
      detail:
        "cache policies 0 + 4 of 20, origin request policies 0 + 1 of 20, response headers policies 0 + 1 of 20",
    });
    // The publishable key is given on the command line (PROD_CONTEXT): only the two secrets are asked for.
    expect(checks["Stripe parameter /penny-auction-prod/stripe/secret-key"]?.status).toBe("ok");
    expect(checks["Stripe parameter /penny-auction-prod/stripe/webhook-secret"]).toMatchObject({
      status: "fail",
      fix: "aws ssm put-parameter --region eu-west-1 --type SecureString --name /penny-auction-prod/stripe/webhook-secret --value 'whsec_placeholder'",
    });
    expect(checks["Stripe parameter /penny-auction-prod/stripe/publishable-key"]).toBeUndefined();
    // Push waits for its keys; the deploy does not.
    expect(checks["Web Push keys"]).toMatchObject({
      status: "warn",
      detail:
        "missing /penny-auction-prod/push/vapid-public-key, /penny-auction-prod/push/vapid-private-key: no push until they exist",
      fix: "npm run create:vapid-keys -- -c stage=prod -c region=eu-west-1",
    });
    // moto issues a requested certificate only after a minute: pending validation is what a new one is.
    expect(checks.certificate).toMatchObject({
      status: "fail",
      detail: "PENDING_VALIDATION, not ISSUED",
      fix: expect.stringContaining("aws acm describe-certificate --region us-east-1"),
    });
  });

  it("passes a dev stage in us-east-1 once the account is bootstrapped and its quota raised", async () => {
    await new SSMClient({ region: "us-east-1", endpoint }).send(
      new PutParameterCommand({ Name: "/cdk-bootstrap/hnb659fds/version", Value: "21", Type: "String" }),
    );
    // What `npm run create:vapid-keys` makes.
    for (const [name, type] of [
      ["/penny-auction-dev/push/vapid-public-key", "String"],
      ["/penny-auction-dev/push/vapid-private-key", "SecureString"],
    ] as const) {
      await new SSMClient({ region: "us-east-1", endpoint }).send(
        new PutParameterCommand({ Name: name, Value: "key", Type: type }),
      );
    }
    const checks = await preflightChecks(
      { config: stage({ stage: "dev", emailFrom: "ops@penny-shop.net" }), region: "us-east-1" },
      freshAccount("us-east-1", {
        sesAccount: async () => ({ productionAccess: true, sendingEnabled: true }),
        lambdaConcurrency: async () => 1000,
        cloudFrontDistributions: async () => 1,
      }),
    );
    expect(checks.filter((c) => c.status !== "ok").map(formatCheck)).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual([
      "account",
      "creates in us-east-1",
      "CDK bootstrap (us-east-1)",
      "API Gateway CloudWatch Logs role",
      "SES sending",
      "SES From identity",
      "Lambda concurrency",
      "CloudFront distributions",
      "CloudFront policies",
      "Web Push keys",
      "live updates key",
    ]);
  });

  it("fails a stage that counts on the account's API Gateway role when there is none, and passes once it is set", async () => {
    const config = stage({ stage: "dev", apiGatewayCloudWatchRole: "existing" });
    const role = async () =>
      byName(await preflightChecks({ config, region: "us-west-2" }, freshAccount("us-west-2")))[
        "API Gateway CloudWatch Logs role"
      ];
    expect(await role()).toMatchObject({
      status: "fail",
      fix: expect.stringContaining("apiGatewayCloudWatchRole=create"),
    });
    await new APIGatewayClient({ region: "us-west-2", endpoint }).send(
      new UpdateAccountCommand({
        patchOperations: [
          { op: "replace", path: "/cloudwatchRoleArn", value: "arn:aws:iam::123456789012:role/apigw-logs" },
        ],
      }),
    );
    expect(await role()).toMatchObject({
      status: "ok",
      detail: "set (arn:aws:iam::123456789012:role/apigw-logs)",
    });
  });

  it("refuses a certificate outside us-east-1 or for another name", async () => {
    const elsewhere = stage({
      ...PROD_CONTEXT,
      certificateArn: "arn:aws:acm:eu-west-1:123456789012:certificate/abc",
    });
    const checks = byName(
      await preflightChecks({ config: elsewhere, region: "eu-west-1" }, freshAccount("eu-west-1")),
    );
    expect(checks.certificate).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("not in us-east-1"),
    });
    expect(coversDomain("*.example.com", "auctions.example.com")).toBe(true);
    expect(coversDomain("*.example.com", "a.b.example.com")).toBe(false);
    expect(coversDomain("example.com", "auctions.example.com")).toBe(false);
  });

  it("fails a stage whose From address cannot be verified (cdk.json as shipped), saying how to set one", async () => {
    for (const context of [{ stage: "dev" }, { stage: "dev", emailFrom: "ops@example.com" }]) {
      const from = byName(
        await preflightChecks({ config: stage(context), region: "us-east-1" }, freshAccount("us-east-1")),
      )["SES From identity"];
      expect(from, JSON.stringify(context)).toMatchObject({
        status: "fail",
        detail: expect.stringContaining("cannot be verified"),
        fix: expect.stringMatching(/-c emailFrom=.*-c domainName=.*cdk\.json's stages\.dev/),
      });
    }
  });

  it("fails a stage whose CloudFront policies would go over the account's quota", async () => {
    const checks = byName(
      await preflightChecks(
        { config: stage({ stage: "dev", emailFrom: "ops@penny-shop.net" }), region: "us-east-1" },
        freshAccount("us-east-1", {
          cloudFrontPolicies: async () => ({ cache: 18, originRequest: 19, responseHeaders: 2 }),
        }),
      ),
    );
    expect(checks["CloudFront policies"]).toMatchObject({
      status: "fail",
      detail:
        "cache policies 18 + 4 of 20, origin request policies 19 + 1 of 20, response headers policies 2 + 1 of 20: no room for this stage's cache policies",
      fix: expect.stringContaining("npx cdk destroy --all -c stage=<it>"),
    });
  });

  it("plans a us-east-1 stage, or one with its own Web ACL, in one region", async () => {
    const plan = async (context: Record<string, unknown>, region: string) =>
      (await preflightChecks({ config: stage(context), region }, freshAccount(region)))
        .filter((c) => c.name.startsWith("creates in") || c.name.startsWith("CDK bootstrap"))
        .map((c) => c.name);
    expect(await plan(PROD_CONTEXT, "us-east-1")).toEqual([
      "creates in us-east-1",
      "CDK bootstrap (us-east-1)",
    ]);
    expect(
      await plan({ ...PROD_CONTEXT, webAclArn: "arn:aws:wafv2:us-east-1:1:global/webacl/a/b" }, "eu-west-1"),
    ).toEqual(["creates in eu-west-1", "CDK bootstrap (eu-west-1)"]);
  });
  it("warns when the live updates key the stage serves expires within 30 days, fails once it has expired", async () => {
    const region = "eu-central-1";
    const config = stage({ stage: "dev" });
    const dynamo = new DynamoDBClient({ region, endpoint });
    await dynamo.send(
      new CreateTableCommand({
        TableName: config.prefix,
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "sk", AttributeType: "S" },
        ],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    const liveKey = async () =>
      byName(await preflightChecks({ config, region }, freshAccount(region)))["live updates key"];
    // Deployed, before the deploy-time rotation served one: nothing to warn about.
    expect(await liveKey()).toMatchObject({
      status: "ok",
      detail: "none served yet: the deploy serves the first",
    });
    const serve = (daysLeft: number) =>
      DynamoDBDocumentClient.from(dynamo).send(
        new PutCommand({
          TableName: config.prefix,
          Item: {
            ...liveKeys.servedApiKey(),
            id: "da2-abcdefghijklmnop",
            since: new Date(Date.now() - 300 * 86_400_000).toISOString(),
            expiresAt: new Date(Date.now() + daysLeft * 86_400_000 + 3_600_000).toISOString(),
          },
        }),
      );
    await serve(31);
    expect(await liveKey()).toMatchObject({
      status: "ok",
      detail: expect.stringMatching(/^da2-abcd… expires \d{4}-\d\d-\d\d \(31 days\)$/),
    });
    await serve(29);
    expect(await liveKey()).toMatchObject({
      status: "warn",
      detail: expect.stringContaining("(29 days): within 30 days"),
      fix: expect.stringContaining(
        "aws lambda invoke --region eu-central-1 --function-name penny-auction-dev-realtime-rotate-api-keys",
      ),
    });
    await serve(-2);
    expect(await liveKey()).toMatchObject({ status: "fail", detail: expect.stringContaining("expired") });
  });
});
