import { beforeAll, describe, expect, it } from "vitest";
import { eventHandlers } from "../../functions/routes.ts";
import { contentSecurityPolicy } from "../../infra/edge.ts";
import {
  DEV_CONTEXT,
  resourcesOfType,
  type Synthesized,
  synthDevStage,
  synthProdStage,
  synthStage,
  synthWebsocketDevStage,
} from "./support/synth.ts";
import {
  actionsOf,
  byHandler,
  type ProductFunctionView,
  productFunctions,
} from "./support/template-queries.ts";

let dev: Synthesized;
let functions: ProductFunctionView[];

beforeAll(() => {
  dev = synthDevStage();
  functions = productFunctions(dev.json);
}, 180_000);

const configHandler = "config/get-config";

describe("live updates on AppSync Events (the default, -c live=events)", () => {
  it("has one Event API: connect and subscribe with the API key, publish with IAM only", () => {
    const apis = resourcesOfType(dev.json, "AWS::AppSync::Api");
    expect(apis).toHaveLength(1);
    const config = apis[0]![1].Properties.EventConfig;
    expect(config.ConnectionAuthModes).toEqual([{ AuthType: "API_KEY" }]);
    expect(config.DefaultSubscribeAuthModes).toEqual([{ AuthType: "API_KEY" }]);
    expect(config.DefaultPublishAuthModes).toEqual([{ AuthType: "AWS_IAM" }]);
    const [[, namespace]] = resourcesOfType(dev.json, "AWS::AppSync::ChannelNamespace") as [[string, never]];
    expect((namespace as { Properties: unknown }).Properties).toMatchObject({
      Name: "auctions",
      SubscribeAuthModes: [{ AuthType: "API_KEY" }],
      PublishAuthModes: [{ AuthType: "AWS_IAM" }],
    });
    // The keys are the rotation's: none that CloudFormation would have to renew.
    expect(resourcesOfType(dev.json, "AWS::AppSync::ApiKey")).toEqual([]);
  });

  it("grants appsync:EventPublish to the broadcaster alone, on the auctions namespace only", () => {
    const publishers = functions.filter((fn) =>
      fn.statements.some((s) => actionsOf(s).some((a) => a.startsWith("appsync:Event"))),
    );
    expect(publishers.map((fn) => fn.handlerId)).toEqual([eventHandlers.broadcaster]);
    const [statement] = publishers[0]!.statements.filter((s) =>
      actionsOf(s).some((a) => a.startsWith("appsync:Event")),
    );
    expect(actionsOf(statement!)).toEqual(["appsync:EventPublish"]);
    expect(JSON.stringify(statement!.Resource)).toMatch(/channelNamespace\/auctions/);
    expect(JSON.stringify(statement!.Resource)).not.toMatch(/\*"/);
    // No role anywhere else may publish or subscribe by IAM (the pages subscribe with the key).
    const policies = JSON.stringify(
      resourcesOfType(dev.json, "AWS::IAM::Policy").map(([, p]) => p.Properties),
    );
    expect(policies.match(/appsync:Event/g)).toHaveLength(1);
  });

  it("tells the broadcaster where to publish and GET /api/config what the pages need", () => {
    const broadcaster = byHandler(functions, eventHandlers.broadcaster);
    expect(JSON.stringify(broadcaster.env.EVENT_API_HTTP_ENDPOINT)).toContain("Dns.Http");
    const config = byHandler(functions, configHandler);
    expect(Object.keys(config.env)).toEqual(
      expect.arrayContaining(["EVENT_API_HTTP_ENDPOINT", "EVENT_API_REALTIME_ENDPOINT"]),
    );
    // The key is the one the rotation recorded in the table, never one fixed at deploy time.
    expect(config.env.EVENT_API_KEY).toBeUndefined();
    expect(config.statements.flatMap(actionsOf).filter((a) => a.startsWith("appsync:"))).toEqual([]);
  });

  it("has no WebSocket API, no socket functions and no /ws behaviour: the broadcaster publishes", () => {
    expect(
      resourcesOfType(dev.json, "AWS::ApiGatewayV2::Api").map(([, a]) => a.Properties.ProtocolType),
    ).toEqual(["HTTP"]);
    expect(
      functions
        .filter((fn) => fn.handlerId.startsWith("realtime/"))
        .map((fn) => fn.handlerId)
        .sort(),
    ).toEqual([eventHandlers.broadcaster, eventHandlers.realtimeApiKeyRotation].sort());
    const broadcaster = byHandler(functions, eventHandlers.broadcaster);
    expect(broadcaster.env.WS_MANAGEMENT_ENDPOINT).toBeUndefined();
    expect(JSON.stringify(dev.json)).not.toMatch(/execute-api:ManageConnections/);
    expect(dev.json.Outputs.WebSocketUrl).toBeUndefined();
    const [[, distribution]] = resourcesOfType(dev.json, "AWS::CloudFront::Distribution") as [
      [string, never],
    ];
    const behaviours = (
      distribution as { Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string }[] } } }
    ).Properties.DistributionConfig.CacheBehaviors;
    expect(behaviours.map((b) => b.PathPattern)).not.toContain("/ws");
  });

  it("lets the pages connect to the Event API's realtime origin (CSP connect-src)", () => {
    const csp = contentSecurityPolicy({
      stripe: false,
      liveOrigin: "wss://abc.appsync-realtime-api.eu-west-1.amazonaws.com",
    });
    expect(csp).toMatch(/connect-src 'self' wss:\/\/abc\.appsync-realtime-api\.eu-west-1\.amazonaws\.com;/);
    const policies = JSON.stringify(resourcesOfType(dev.json, "AWS::CloudFront::ResponseHeadersPolicy"));
    expect(policies).toContain("Dns.Realtime");
  });
});

describe("the Event API's key rotation", () => {
  const rotationHandler = eventHandlers.realtimeApiKeyRotation;

  it("runs the rotation every 6 hours, failures to their queue, and once at deploy time", () => {
    const rotation = byHandler(functions, rotationHandler);
    const rules = resourcesOfType(dev.json, "AWS::Events::Rule").filter(([, rule]) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some(
        (t) => JSON.stringify(t.Arn) === JSON.stringify({ "Fn::GetAtt": [rotation.logicalId, "Arn"] }),
      ),
    );
    expect(rules).toHaveLength(1);
    const rule = rules[0]![1].Properties;
    expect(rule.ScheduleExpression).toBe("rate(6 hours)");
    expect(rule.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2 });
    expect(rule.Targets[0].DeadLetterConfig).toBeDefined();
    const [apiId] = resourcesOfType(dev.json, "AWS::AppSync::Api")[0]!;
    expect(rotation.env.EVENT_API_ID).toEqual({ "Fn::GetAtt": [apiId, "ApiId"] });
    // The deploy-time run: the function itself answers the custom resource, after its policy exists.
    const firsts = resourcesOfType(dev.json, "Custom::RealtimeApiKeys");
    expect(firsts).toHaveLength(1);
    const [, first] = firsts[0]!;
    expect(first.Properties.ServiceToken).toEqual({ "Fn::GetAtt": [rotation.logicalId, "Arn"] });
    expect(first.Properties.ApiId).toEqual({ "Fn::GetAtt": [apiId, "ApiId"] });
    const dependsOn = (first as { DependsOn?: string[] }).DependsOn ?? [];
    expect(dependsOn).toContain(rotation.logicalId);
    expect(dependsOn.some((id) => /RotationServiceRoleDefaultPolicy/.test(id))).toBe(true);
  });

  it("lets the rotation alone list, create and delete API keys, and nothing else of AppSync", () => {
    const keyActions = ["appsync:ListApiKeys", "appsync:CreateApiKey", "appsync:DeleteApiKey"];
    const holders = functions.filter((fn) =>
      fn.statements.flatMap(actionsOf).some((a) => keyActions.includes(a)),
    );
    expect(holders.map((fn) => fn.handlerId)).toEqual([rotationHandler]);
    const rotation = holders[0]!;
    const appsync = rotation.statements.filter((s) => actionsOf(s).some((a) => a.startsWith("appsync:")));
    expect(appsync).toHaveLength(1);
    // Merged with X-Ray's own "*" statement, which CDK minimizes into one.
    expect(
      actionsOf(appsync[0]!)
        .filter((a) => !a.startsWith("xray:"))
        .sort(),
    ).toEqual([...keyActions].sort());
    // AppSync's key actions support no resource-level permissions: "*" is the only resource that works.
    expect(appsync[0]!.Resource).toBe("*");
    expect(appsync[0]!.Condition).toBeUndefined();
    // Its table grant: the served key's item, nothing else.
    const leading = rotation.statements
      .filter((s) => actionsOf(s).some((a) => a.startsWith("dynamodb:")))
      .flatMap((s) => (s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as string[]) ?? []);
    expect([...new Set(leading)]).toEqual(["LIVEKEY#*"]);
  });

  it("has no rotation with -c live=websocket", () => {
    const ws = synthWebsocketDevStage();
    expect(productFunctions(ws.json).map((fn) => fn.handlerId)).not.toContain(rotationHandler);
    expect(resourcesOfType(ws.json, "Custom::RealtimeApiKeys")).toEqual([]);
  }, 180_000);
});

describe("the Event API's firewall", () => {
  it("guards the prod Event API with a regional Web ACL limiting each address's requests; dev has none", () => {
    const prod = synthProdStage();
    const acls = resourcesOfType(prod.json, "AWS::WAFv2::WebACL").filter(
      ([, acl]) => acl.Properties.Scope === "REGIONAL",
    );
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(acl.Properties.Rules).toHaveLength(1);
    const rule = acl.Properties.Rules[0];
    expect(rule.Action).toEqual({ Block: {} });
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: "IP",
      EvaluationWindowSec: 300,
    });
    expect(rule.Statement.RateBasedStatement.Limit).toBeGreaterThanOrEqual(100);
    const [[, association]] = resourcesOfType(prod.json, "AWS::WAFv2::WebACLAssociation") as [
      [string, never],
    ];
    const props = (association as { Properties: { ResourceArn: unknown; WebACLArn: unknown } }).Properties;
    expect(props.WebACLArn).toEqual({ "Fn::GetAtt": [aclId, "Arn"] });
    const [apiId] = resourcesOfType(prod.json, "AWS::AppSync::Api")[0]!;
    expect(props.ResourceArn).toEqual({ "Fn::GetAtt": [apiId, "ApiArn"] });
    expect(resourcesOfType(dev.json, "AWS::WAFv2::WebACLAssociation")).toEqual([]);
    expect(prod.findings).toEqual([]);
  }, 180_000);
});

describe("-c live=websocket", () => {
  it("keeps the WebSocket API and the broadcaster's posts, without an Event API", () => {
    const ws = synthWebsocketDevStage();
    expect(resourcesOfType(ws.json, "AWS::AppSync::Api")).toEqual([]);
    expect(
      resourcesOfType(ws.json, "AWS::ApiGatewayV2::Api").map(([, a]) => a.Properties.ProtocolType),
    ).toContain("WEBSOCKET");
    const broadcaster = byHandler(productFunctions(ws.json), eventHandlers.broadcaster);
    expect(broadcaster.env.EVENT_API_HTTP_ENDPOINT).toBeUndefined();
    expect(broadcaster.env.WS_MANAGEMENT_ENDPOINT).toBeDefined();
  }, 180_000);

  it("refuses any other value", () => {
    expect(() => synthStage({ ...DEV_CONTEXT, live: "polling" })).toThrow(/live=polling/);
  });
});
