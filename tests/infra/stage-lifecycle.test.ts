/**
 * A stage past its first deploy: alarms that reach their topic, a stage nobody wrote in cdk.json, a
 * stage whose region comes from the credentials (the rule preflight shares, infra/regions.ts), and a
 * stage destroyed and deployed again (docs/deploy.md, "Tearing down" and "Bringing a kept stage back").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readStageConfig } from "../../infra/config.ts";
import { stagePlan } from "../../infra/regions.ts";
import { CLOUDFRONT_POLICIES_PER_STAGE } from "../../scripts/deploy/preflight-checks.ts";
import { namedResources, templatesIn } from "./support/quotas.ts";
import {
  type CfnJson,
  cdkJsonContext,
  PROD_CONTEXT,
  resourcesOfType,
  type Synthesized,
  synthProdStage,
  synthStage,
} from "./support/synth.ts";
import { referencedId } from "./support/template-queries.ts";

let alice: Synthesized;
let prod: Synthesized;
let prodAgain: Synthesized;
let prodFromCredentials: Synthesized;

beforeAll(() => {
  // `-c stage=dev-alice`: in no cdk.json entry, no -c stripeMode.
  alice = synthStage({ stage: "dev-alice" });
  // The stack tests' prod synthesis, and a second one of the same context made here to compare with it.
  prod = synthProdStage();
  prodAgain = synthStage(PROD_CONTEXT);
  // `cdk deploy` without -c region, credentials in eu-west-1: the CLI hands the app CDK_DEFAULT_REGION.
  const saved = process.env.CDK_DEFAULT_REGION;
  process.env.CDK_DEFAULT_REGION = "eu-west-1";
  try {
    prodFromCredentials = synthStage(PROD_CONTEXT);
  } finally {
    if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = saved;
  }
}, 600_000);

describe("alarm notifications", () => {
  it("the alarm topic lets CloudWatch of this account publish, and still refuses anything without TLS", () => {
    const [topicId] = resourcesOfType(prod.json, "AWS::SNS::Topic").find(
      ([, t]) => t.Properties.TopicName === "penny-auction-prod-alarms",
    )!;
    const policies = resourcesOfType(prod.json, "AWS::SNS::TopicPolicy").filter(([, p]) =>
      p.Properties.Topics.some((t: CfnJson) => referencedId(t) === topicId),
    );
    expect(policies).toHaveLength(1);
    const statements = policies[0]![1].Properties.PolicyDocument.Statement as CfnJson[];
    const publish = statements.filter((s) => s.Effect === "Allow");
    expect(publish).toEqual([
      expect.objectContaining({
        Action: "sns:Publish",
        Principal: { Service: "cloudwatch.amazonaws.com" },
        Condition: { StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } } },
      }),
    ]);
    expect(referencedId(publish[0].Resource)).toBe(topicId);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: "Deny",
        Action: "sns:Publish",
        Condition: { Bool: { "aws:SecureTransport": "false" } },
      }),
    );
    // Every alarm notifies that topic.
    for (const [id, alarm] of resourcesOfType(prod.json, "AWS::CloudWatch::Alarm")) {
      expect(alarm.Properties.AlarmActions.map(referencedId), id).toEqual([topicId]);
    }
  });
});

describe("CloudFront's per-account quotas", () => {
  it("preflight counts the policies a stage adds as many as its template makes", () => {
    for (const synth of [prod, alice]) {
      const count = (type: string) => resourcesOfType(synth.json, type).length;
      expect({
        cache: count("AWS::CloudFront::CachePolicy"),
        originRequest: count("AWS::CloudFront::OriginRequestPolicy"),
        responseHeaders: count("AWS::CloudFront::ResponseHeadersPolicy"),
      }).toEqual(CLOUDFRONT_POLICIES_PER_STAGE);
    }
  });
});

describe("a disposable stage that cdk.json does not name (-c stage=dev-alice)", () => {
  it("synthesizes with the dev defaults: the test-card provider, the region's Lambda alarms, 3-day logs", () => {
    expect(alice.findings).toEqual([]);
    const routes = resourcesOfType(alice.json, "AWS::ApiGatewayV2::Route").map(
      ([, r]) => r.Properties.RouteKey as string,
    );
    expect(routes.some((key) => key.includes("/api/dev/payments/"))).toBe(true);
    const alarms = resourcesOfType(alice.json, "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    expect(alarms.find((a) => a.AlarmName === "penny-auction-dev-alice-LambdaErrors")).toMatchObject({
      Namespace: "AWS/Lambda",
      MetricName: "Errors",
    });
    const retention = new Set(
      resourcesOfType(alice.json, "AWS::Logs::LogGroup").map(([, g]) => g.Properties.RetentionInDays),
    );
    expect([...retention]).toEqual([3]);
    expect(resourcesOfType(alice.json, "AWS::WAFv2::WebACL")).toEqual([]);
  });
});

describe("destroy, then deploy the same stage again", () => {
  it("a disposable stage names nothing that outlives its stacks: a redeploy creates every name afresh", () => {
    const named = namedResources(alice.json);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((r) => r.deletionPolicy !== "Delete")).toEqual([]);
    // CloudFormation can delete them: the table is not deletion-protected, the buckets are emptied
    // first (their versions included), and it deletes a secret without Secrets Manager's recovery window.
    for (const [id, table] of resourcesOfType(alice.json, "AWS::DynamoDB::Table")) {
      expect(table.Properties.DeletionProtectionEnabled, id).toBe(false);
    }
    const emptied = new Set(
      resourcesOfType(alice.json, "Custom::S3AutoDeleteObjects").map(([, r]) =>
        referencedId(r.Properties.BucketName),
      ),
    );
    for (const [id, bucket] of resourcesOfType(alice.json, "AWS::S3::Bucket")) {
      expect(bucket.DeletionPolicy, id).toBe("Delete");
      expect(emptied.has(id), id).toBe(true);
    }
  });

  it("a kept stage gives the same names on every synthesis, and keeps exactly the ones docs/deploy.md brings back", () => {
    const names = (synth: Synthesized) =>
      namedResources(synth.json)
        .map((r) => `${r.logicalId} ${r.type} ${r.name} ${r.deletionPolicy}`)
        .sort();
    expect(names(prodAgain)).toEqual(names(prod));
    const kept = namedResources(prod.json).filter((r) => r.deletionPolicy === "Retain");
    const keptOf = (type: string) => kept.filter((r) => r.type === type).map((r) => JSON.parse(r.name));
    expect(keptOf("AWS::DynamoDB::Table")).toEqual(["penny-auction-prod"]);
    expect(JSON.stringify(keptOf("AWS::S3::Bucket"))).toContain("penny-auction-prod-media-");
    expect(keptOf("AWS::SecretsManager::Secret")).toEqual(["penny-auction-prod/origin-secret"]);
    const logGroups = keptOf("AWS::Logs::LogGroup") as string[];
    expect(
      logGroups.every((name) =>
        /^\/aws\/(lambda|apigateway)\/penny-auction-prod-[a-z]+(-[a-z]+)*$/.test(name),
      ),
    ).toBe(true);
    expect(kept.map((r) => r.type).sort()).toEqual(
      [
        "AWS::DynamoDB::Table",
        "AWS::S3::Bucket",
        "AWS::SecretsManager::Secret",
        ...logGroups.map(() => "AWS::Logs::LogGroup"),
      ].sort(),
    );
    // The doc's recipe names each of them, with the counts the synth has.
    const doc = readFileSync(join(import.meta.dirname, "../../docs/deploy.md"), "utf8");
    const lambdaGroups = logGroups.filter((n) => n.startsWith("/aws/lambda/")).length;
    const apiGroups = logGroups.length - lambdaGroups;
    expect(doc).toContain(`${lambdaGroups} \`/aws/lambda/penny-auction-<stage>-<area>\``);
    expect(doc).toContain(`${apiGroups} \`/aws/apigateway/penny-auction-<stage>-…\``);
    for (const command of [
      "npx cdk import PennyAuction-<stage>-data",
      "aws secretsmanager restore-secret --secret-id penny-auction-<stage>/origin-secret",
      "aws secretsmanager delete-secret --secret-id penny-auction-<stage>/origin-secret --force-delete-without-recovery",
      "npx cdk import PennyAuction-<stage>",
    ]) {
      expect(doc).toContain(command);
    }
  });
});

describe("the stage's region from the credentials (no -c region)", () => {
  it("adds the us-east-1 edge stack, deployed before anything else, exactly as preflight's plan says", () => {
    const manifest = JSON.parse(readFileSync(join(prodFromCredentials.assemblyDir, "manifest.json"), "utf8"));
    const stacks = Object.entries(manifest.artifacts as Record<string, CfnJson>)
      .filter(([, a]) => a.type === "aws:cloudformation:stack")
      .map(([name, a]) => ({ name, region: String(a.environment).split("/").pop() }));
    const config = readStageConfig((key) => ({ ...cdkJsonContext(), ...PROD_CONTEXT })[key]);
    const plan = stagePlan(config, "eu-west-1");
    expect(stacks.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      plan.map(({ name, region }) => ({ name, region })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(plan.map((s) => `${s.name} ${s.region}`)).toEqual([
      "PennyAuction-prod-edge us-east-1",
      "PennyAuction-prod-data eu-west-1",
      "PennyAuction-prod eu-west-1",
    ]);
    // The kept data waits for us-east-1: a missing bootstrap there stops the deploy before it exists.
    expect(manifest.artifacts["PennyAuction-prod-data"].dependencies).toContain("PennyAuction-prod-edge");
    expect(prodFromCredentials.findings).toEqual([]);
  });

  it("gives every function of every stack, CDK's cross-region export reader and writer included, a log group with the stage's retention", () => {
    const helpers: string[] = [];
    const edge = templatesIn(prodFromCredentials.assemblyDir).find(
      (t) => t.name === "PennyAuction-prod-edge.template.json",
    )!;
    // The regional stacks with their nested stacks' resources (a nested function's group is its parent's), and the edge stack.
    for (const [name, json] of [
      ["regional", prodFromCredentials.json],
      [edge.name, edge.json],
    ] as const) {
      const resources = (json.Resources ?? {}) as Record<string, CfnJson>;
      for (const [id, fn] of Object.entries(resources).filter(
        ([, r]) => r.Type === "AWS::Lambda::Function",
      )) {
        const logGroupId = referencedId(fn.Properties.LoggingConfig?.LogGroup);
        expect(logGroupId, `${name} ${id}`).toBeDefined();
        expect(resources[logGroupId!]?.Properties.RetentionInDays, `${name} ${id}`).toBe(30);
        if (/CrossRegionExport/.test(id)) helpers.push(`${name} ${id}`);
      }
    }
    expect(helpers.map((h) => h.replace(/Provider.*/, ""))).toEqual(
      expect.arrayContaining([
        "PennyAuction-prod-edge.template.json CustomCrossRegionExportWriterCustomResource",
        "regional CustomCrossRegionExportReaderCustomResource",
      ]),
    );
  });
});
