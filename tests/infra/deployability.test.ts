/**
 * What a first `cdk deploy` on a fresh account needs that synthesis alone does not prove: every template
 * within CloudFormation's quotas, cfn-lint's checks, stages side by side in one account, stacks pinned
 * to an account and region, and the account-level settings a new account lacks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cfnLint,
  cfnLintVersion,
  physicalNames,
  quotaBreaches,
  TEMPLATE_QUOTAS,
  templatesIn,
  usageOf,
} from "./support/quotas.ts";
import {
  type CfnJson,
  DEV_CONTEXT,
  PROD_CONTEXT,
  resourcesOfType,
  type Synthesized,
  synthDevStage,
  synthStage,
  synthWebsocketDevStage,
} from "./support/synth.ts";
import { byHandler, productFunctions, referencedId } from "./support/template-queries.ts";

const ACCOUNT = "111111111111";
const ZONE = { hostedZoneId: "Z0123456789ABCDEFGHIJ", hostedZoneName: "example.com" };

/** The stages synthesized here, by what they stand for. */
const STAGES: Record<string, Record<string, unknown>> = {
  dev: DEV_CONTEXT,
  // A second disposable stage in the same account and region, whose account already has API
  // Gateway's logging role.
  "dev-b": { stage: "dev-b", stripeMode: "local", apiGatewayCloudWatchRole: "existing" },
  // Prod as documented: domain, Route 53 zone, alarm email, pinned to an account in us-east-1.
  "prod pinned to us-east-1": { ...PROD_CONTEXT, ...ZONE, account: ACCOUNT, region: "us-east-1" },
  "dev pinned to eu-west-1": { ...DEV_CONTEXT, account: ACCOUNT, region: "eu-west-1" },
  // `npm run deploy -- -c stage=prod -c region=eu-west-1`: the regional stack and a us-east-1 edge stack.
  "prod in eu-west-1": { ...PROD_CONTEXT, region: "eu-west-1" },
};

const synthesized: Record<string, Synthesized> = {};

beforeAll(() => {
  for (const [name, context] of Object.entries(STAGES)) {
    // Dev as cdk.json has it is the stack tests' synthesis: read here too, not made again.
    synthesized[name] = context === DEV_CONTEXT ? synthDevStage() : synthStage(context);
  }
}, 600_000);

const regionOf = (name: string) => String(STAGES[name]!.region ?? "us-east-1");

describe("CloudFormation's quotas", () => {
  it(`every template of every stage: ≤ ${TEMPLATE_QUOTAS.dynamicReferences} dynamic references, ≤ ${TEMPLATE_QUOTAS.resources} resources, ≤ 1 MB, ≤ ${TEMPLATE_QUOTAS.outputs} outputs, ≤ ${TEMPLATE_QUOTAS.parameters} parameters`, () => {
    const report: Record<string, unknown> = {};
    const breaches: string[] = [];
    for (const [stage, synth] of Object.entries(synthesized)) {
      const templates = templatesIn(synth.assemblyDir);
      expect(templates.length, stage).toBeGreaterThan(0);
      for (const template of templates) {
        const usage = usageOf(template);
        report[`${stage}: ${template.name}`] = usage;
        breaches.push(...quotaBreaches(usage).map((b) => `${stage}: ${template.name}: ${b}`));
      }
    }
    console.info(JSON.stringify(report, null, 1));
    expect(breaches).toEqual([]);
  });

  it("no function's environment holds a dynamic reference (each would count, once per function)", () => {
    for (const synth of Object.values(synthesized)) {
      for (const fn of productFunctions(synth.json)) {
        expect(JSON.stringify(fn.env), fn.handlerId).not.toMatch(/\{\{resolve:/);
      }
    }
  });
});

describe("cfn-lint", () => {
  const version = cfnLintVersion();
  if (!version)
    console.warn("cfn-lint is not installed (pip install cfn-lint): the templates are not linted");
  it.skipIf(!version)(
    "finds no error in the templates of a disposable stage and of prod (regional and edge stacks) (skipped where cfn-lint is not installed)",
    () => {
      const errors: string[] = [];
      // The other stages here are the same templates under another name, account or region, and
      // cfn-lint takes minutes on a shared machine.
      for (const stage of ["dev", "prod in eu-west-1"]) {
        const paths = templatesIn(synthesized[stage]!.assemblyDir).map((t) => t.path);
        for (const match of cfnLint(paths, [regionOf(stage)])) {
          if (match.Level !== "Error") continue;
          errors.push(`${stage}: ${match.Rule.Id} ${match.Location.Path?.join("/") ?? ""}: ${match.Message}`);
        }
      }
      expect(errors).toEqual([]);
    },
    600_000,
  );
});

describe("stacks by lifecycle", () => {
  it("the data stack holds the table, the media bucket and the origin secret; no other template holds data", () => {
    for (const stage of ["dev", "prod in eu-west-1"]) {
      const types = (t: { json: CfnJson }) =>
        Object.values(t.json.Resources as Record<string, CfnJson>).map((r) => r.Type as string);
      const templates = templatesIn(synthesized[stage]!.assemblyDir);
      const data = templates.find((t) => /^PennyAuction-[a-z-]+-data\.template\.json$/.test(t.name))!;
      expect(data, stage).toBeDefined();
      expect(types(data), stage).toEqual(
        expect.arrayContaining(["AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::SecretsManager::Secret"]),
      );
      for (const other of templates.filter((t) => t !== data)) {
        expect(types(other), `${stage}: ${other.name}`).not.toContain("AWS::DynamoDB::Table");
        expect(types(other), `${stage}: ${other.name}`).not.toContain("AWS::SecretsManager::Secret");
        const buckets = Object.values(other.json.Resources as Record<string, CfnJson>).filter(
          (r) => r.Type === "AWS::S3::Bucket",
        );
        expect(JSON.stringify(buckets), `${stage}: ${other.name}`).not.toContain("-media-");
      }
    }
  });

  it("the app's HTTP API areas are nested stacks of the app stack, which deploys after the data stack", () => {
    const synth = synthesized.dev!;
    const nested = templatesIn(synth.assemblyDir).filter((t) => /^PennyAuctiondevApiRoutes/.test(t.name));
    expect(nested.map((t) => t.name.replace(/^PennyAuctiondevApiRoutes([a-z]+).*/, "$1")).sort()).toEqual([
      "admin",
      "auctions",
      "auth",
      "config",
      "me",
      "orders",
      "payments",
      "push",
      "seller",
      "spotprices",
      "support",
      "watchlist",
    ]);
    const manifest = JSON.parse(readFileSync(join(synth.assemblyDir, "manifest.json"), "utf8"));
    expect(manifest.artifacts["PennyAuction-dev"].dependencies).toContain("PennyAuction-dev-data");
  });
});

describe("stages side by side in one account and region", () => {
  it("two stages share no physical name (tables, buckets, functions, queues, log groups, SES identities, CloudFront policies...)", () => {
    const names = (stage: string) => new Set(physicalNames(synthesized[stage]!.json));
    const dev = names("dev");
    const devB = names("dev-b");
    expect(dev.size).toBeGreaterThan(50);
    expect([...dev].filter((name) => devB.has(name))).toEqual([]);
    const prod = names("prod pinned to us-east-1");
    expect([...dev].filter((name) => prod.has(name))).toEqual([]);
  });

  it("a stage with no email settings gets an SES identity of its own; a domain's identity is the stage's domain, not the zone's apex", () => {
    const identities = (stage: string) =>
      resourcesOfType(synthesized[stage]!.json, "AWS::SES::EmailIdentity").map(
        ([, r]) => r.Properties.EmailIdentity,
      );
    expect(identities("dev")).toEqual(["no-reply+dev@example.com"]);
    expect(identities("dev-b")).toEqual(["no-reply+dev-b@example.com"]);
    const prod = synthesized["prod pinned to us-east-1"]!.json;
    expect(identities("prod pinned to us-east-1")).toEqual(["auctions.example.com"]);
    // Its DKIM records are made in the zone.
    const dkim = resourcesOfType(prod, "AWS::Route53::RecordSet").filter(([id]) => /Dkim/.test(id));
    expect(dkim).toHaveLength(3);
    for (const [, record] of dkim) expect(record.Properties.HostedZoneId).toBe(ZONE.hostedZoneId);
  });
});

describe("prod outside us-east-1", () => {
  it("deploys a us-east-1 edge stack with the Web ACL beside the regional stack, whose distribution uses it", () => {
    const synth = synthesized["prod in eu-west-1"]!;
    const templates = templatesIn(synth.assemblyDir);
    const edge = templates.find((t) => t.name === "PennyAuction-prod-edge.template.json");
    expect(edge).toBeDefined();
    const acls = Object.values(edge!.json.Resources as Record<string, CfnJson>).filter(
      (r) => r.Type === "AWS::WAFv2::WebACL",
    );
    expect(acls).toHaveLength(1);
    expect(acls[0].Properties.Scope).toBe("CLOUDFRONT");
    // Only the Event API's regional ACL stays in the stage's region.
    expect(resourcesOfType(synth.json, "AWS::WAFv2::WebACL").map(([, a]) => a.Properties.Scope)).toEqual([
      "REGIONAL",
    ]);
    const manifest = JSON.parse(readFileSync(join(synth.assemblyDir, "manifest.json"), "utf8"));
    expect(manifest.artifacts["PennyAuction-prod-edge"].environment).toMatch(/\/us-east-1$/);
    expect(manifest.artifacts["PennyAuction-prod"].environment).toMatch(/\/eu-west-1$/);
    expect(manifest.artifacts["PennyAuction-prod"].dependencies).toContain("PennyAuction-prod-edge");
    const distribution = resourcesOfType(synth.json, "AWS::CloudFront::Distribution")[0]![1];
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl/);
    // The table, the functions and the data stay in the stage's region.
    expect(resourcesOfType(synth.json, "AWS::DynamoDB::Table")).toHaveLength(1);
    expect(synth.findings).toEqual([]);
  });
});

describe("a stack pinned to an account and region (-c account=... -c region=...)", () => {
  it("synthesizes with cdk-nag's acknowledgements still matching (ARNs hold the values, not pseudo parameters)", () => {
    for (const stage of ["prod pinned to us-east-1", "dev pinned to eu-west-1"]) {
      const synth = synthesized[stage]!;
      expect(JSON.stringify(synth.json), stage).toContain(ACCOUNT);
      expect(synth.findings, stage).toEqual([]);
    }
  });
});

describe("a fresh account", () => {
  it("gets API Gateway's CloudWatch Logs role before the stages that log (kept with the account), unless it has one", () => {
    const json = synthesized.dev!.json;
    const accounts = resourcesOfType(json, "AWS::ApiGateway::Account");
    expect(accounts).toHaveLength(1);
    const [accountId, account] = accounts[0]!;
    expect(account.DeletionPolicy).toBe("Retain");
    const role = json.Resources[referencedId(account.Properties.CloudWatchRoleArn)!]!;
    expect(role.DeletionPolicy).toBe("Retain");
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toContain(
      "service-role/AmazonAPIGatewayPushToCloudWatchLogs",
    );
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({
      Service: "apigateway.amazonaws.com",
    });
    expect(role.Properties.RoleName).toBeUndefined();
    const stages = resourcesOfType(json, "AWS::ApiGatewayV2::Stage");
    expect(stages).toHaveLength(1);
    for (const [id, stage] of stages) expect((stage as CfnJson).DependsOn, id).toContain(accountId);
    // With -c live=websocket, the socket API's stage too (the one whose access log needs the role).
    const ws = synthWebsocketDevStage().json;
    const [wsAccountId] = resourcesOfType(ws, "AWS::ApiGateway::Account")[0]!;
    const wsStages = resourcesOfType(ws, "AWS::ApiGatewayV2::Stage");
    expect(wsStages).toHaveLength(2);
    for (const [id, stage] of wsStages) expect((stage as CfnJson).DependsOn, id).toContain(wsAccountId);
    expect(resourcesOfType(synthesized["dev-b"]!.json, "AWS::ApiGateway::Account")).toEqual([]);
  });

  it("gives CDK's helper functions (site publishing, bucket emptying) a log group with the stage's retention", () => {
    const json = synthesized.dev!.json;
    const functions = resourcesOfType(json, "AWS::Lambda::Function");
    const helpers = functions.filter(
      ([, fn]) => !/^functions\/handlers\//.test(fn.Properties.Description ?? ""),
    );
    expect(helpers.length).toBeGreaterThanOrEqual(2);
    for (const [id, fn] of functions) {
      const logGroupId = referencedId(fn.Properties.LoggingConfig?.LogGroup);
      expect(logGroupId, id).toBeDefined();
      expect(json.Resources[logGroupId!]!.Properties.RetentionInDays, id).toBe(7);
    }
  });

  it("lets $connect slide the session it reads", () => {
    // The WebSocket API exists only with -c live=websocket.
    const connect = byHandler(productFunctions(synthWebsocketDevStage().json), "realtime/connect");
    const touch = connect.statements.find(
      (s) => s.Condition?.["ForAllValues:StringEquals"]?.["dynamodb:Attributes"],
    );
    expect(touch?.Action).toBe("dynamodb:UpdateItem");
  });
});
