import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Stack } from "aws-cdk-lib";
import { Match } from "aws-cdk-lib/assertions";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { beforeAll, describe, expect, it } from "vitest";
import { tableDefinition } from "../../functions/adapters/dynamo/table-definition.ts";
import { eventHandlers, httpRoutes, socketRoutes } from "../../functions/routes.ts";
import { readStageConfig } from "../../infra/config.ts";
import { PennyAuctionDataStack } from "../../infra/data-stack.ts";
import { pathPattern } from "../../infra/edge.ts";
import { addNagPacks } from "../../infra/nag.ts";
import { deployedRoutes, PennyAuctionStack } from "../../infra/stack.ts";
import { TABLE_GRANTS } from "../../infra/table-access.ts";
import { expectQueueConsumer, expectStreamConsumer, filterPatternsOf, idOf } from "./support/consumers.ts";
import { templatesIn } from "./support/quotas.ts";
import {
  type CfnJson,
  cdkJsonContext,
  PROD_CONTEXT,
  resourcesOfType,
  type Synthesized,
  synthDevStage,
  synthProdStage,
  synthWebsocketDevStage,
} from "./support/synth.ts";
import {
  actionsOf,
  allActions,
  byHandler,
  type ProductFunctionView,
  productFunctions,
  referencedId,
  resourcesOf,
  type Statement,
  statementsOfRole,
  statementsWith,
} from "./support/template-queries.ts";

// Managed policy ids of CloudFront (the same in every account).
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const ALL_VIEWER_EXCEPT_HOST_HEADER = "b689b0a8-53d0-40ab-baf2-68738e2966ac";

let dev: Synthesized;
let prod: Synthesized;
let devFunctions: ProductFunctionView[];
let prodFunctions: ProductFunctionView[];
/** Dev with `-c live=websocket`: the only synth here holding the WebSocket API and its functions. */
let ws: Synthesized;
let wsFunctions: ProductFunctionView[];

beforeAll(() => {
  dev = synthDevStage();
  prod = synthProdStage();
  devFunctions = productFunctions(dev.json);
  prodFunctions = productFunctions(prod.json);
  ws = synthWebsocketDevStage();
  wsFunctions = productFunctions(ws.json);
}, 270_000);

describe("HTTP API", () => {
  it("has a route and a Lambda integration running the route's own handler for every route of the table", () => {
    const routes = resourcesOfType(dev.json, "AWS::ApiGatewayV2::Route");
    const integrations = Object.fromEntries(resourcesOfType(dev.json, "AWS::ApiGatewayV2::Integration"));
    const httpApiId = resourcesOfType(dev.json, "AWS::ApiGatewayV2::Api").find(
      ([, api]) => api.Properties.ProtocolType === "HTTP",
    )![0];
    for (const route of deployedRoutes(dev.stack.config)) {
      const found = routes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      const [, apiRoute] = found!;
      expect(referencedId(apiRoute.Properties.ApiId)).toBe(httpApiId);
      const integration = integrations[referencedId(apiRoute.Properties.Target)!]!;
      expect(integration.Properties).toMatchObject({
        IntegrationType: "AWS_PROXY",
        PayloadFormatVersion: "2.0",
      });
      const fnId = referencedId(integration.Properties.IntegrationUri);
      expect(devFunctions.find((f) => f.logicalId === fnId)?.handlerId).toBe(route.handler);
    }
    expect(routes.filter(([, r]) => referencedId(r.Properties.ApiId) === httpApiId)).toHaveLength(
      httpRoutes.filter((r) => !r.stripeOnly && !r.localStackOnly).length,
    );
  });

  it("serves the local payment provider's routes only when the stage uses it", () => {
    const localOnly = httpRoutes.filter((r) => r.localPaymentsOnly);
    expect(localOnly.length).toBeGreaterThan(0);
    for (const route of localOnly) {
      const key = `${route.method} ${route.path}`;
      dev.template.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
      expect(
        resourcesOfType(prod.json, "AWS::ApiGatewayV2::Route").some(([, r]) => r.Properties.RouteKey === key),
      ).toBe(false);
      expect(prodFunctions.some((f) => f.handlerId === route.handler)).toBe(false);
    }
  });

  it("has no public payment webhook where the local provider runs, and no function knows the public secret", () => {
    const hasRoute = (s: Synthesized, key: string) =>
      resourcesOfType(s.json, "AWS::ApiGatewayV2::Route").some(([, r]) => r.Properties.RouteKey === key);
    expect(hasRoute(dev, "POST /api/stripe/webhook")).toBe(false);
    expect(devFunctions.some((f) => f.handlerId === "payments/stripe-webhook")).toBe(false);
    expect(hasRoute(prod, "POST /api/stripe/webhook")).toBe(true);
    for (const fn of [...devFunctions, ...prodFunctions]) {
      expect(fn.env.LOCAL_WEBHOOK_SECRET, fn.handlerId).toBeUndefined();
      expect(fn.env.LOCAL_STACK, fn.handlerId).toBeUndefined();
      expect(fn.env.PASSWORD_HASH_COST, fn.handlerId).toBeUndefined();
    }
    expect(JSON.stringify(dev.json)).not.toContain("whsec_local_development");
  });

  it("lets only signed-in callers reach the local provider's card confirmation", () => {
    expect(httpRoutes.find((r) => r.handler === "payments/confirm-local-payment")?.role).toBe("user");
  });

  it("requires two-factor of staff in production and not on dev stages", () => {
    expect(byHandler(prodFunctions, "admin/list-users").env.REQUIRE_ADMIN_TWO_FACTOR).toBe("1");
    expect(byHandler(devFunctions, "admin/list-users").env.REQUIRE_ADMIN_TWO_FACTOR).toBe("0");
  });

  it("throttles the stage, and the password routes harder", () => {
    dev.template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      RouteSettings: {
        "POST /api/auth/login": { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
        "POST /api/auth/login/two-factor": { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
        "POST /api/auth/register": { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
      },
    });
  });
});

describe("functions", () => {
  it("are nodejs24.x on arm64 with tracing, ESM bundles with source maps, and a log group with retention", () => {
    expect(devFunctions).toHaveLength(
      deployedRoutes(dev.stack.config).length + Object.values(eventHandlers).length,
    );
    // The WebSocket stage has the socket functions and no Event API, so no key rotation.
    expect(wsFunctions).toHaveLength(devFunctions.length + socketRoutes.length - 1);
    const logGroups = Object.fromEntries(resourcesOfType(dev.json, "AWS::Logs::LogGroup"));
    for (const fn of devFunctions) {
      expect(fn.properties).toMatchObject({
        Runtime: "nodejs24.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        TracingConfig: { Mode: "Active" },
      });
      expect(fn.env.NODE_OPTIONS).toBe("--enable-source-maps");
      const logGroup = logGroups[referencedId(fn.properties.LoggingConfig.LogGroup)!];
      expect(logGroup?.Properties.RetentionInDays).toBe(7);
    }
  });

  it("all get the environment contract; only the ones that need them get the scheduler and socket settings", () => {
    for (const fn of devFunctions) {
      for (const name of [
        "TABLE_NAME",
        "ALLOWED_ORIGINS",
        "PAYMENT_PROVIDER",
        "AUCTION_DEFAULT_DURATION_SECONDS",
        "POWERTOOLS_LOG_LEVEL",
      ]) {
        expect(fn.env[name], `${fn.handlerId} ${name}`).toBeDefined();
      }
      expect(fn.env.PAYMENT_PROVIDER).toBe("local");
    }
    const scheduling = devFunctions.filter((f) => f.env.SCHEDULER_GROUP_NAME).map((f) => f.handlerId);
    expect(scheduling.sort()).toEqual(
      ["admin/approve-product", "admin/relist-auction", eventHandlers.auctionCloser].sort(),
    );
    for (const id of scheduling) {
      const fn = byHandler(devFunctions, id);
      expect(fn.env.SCHEDULER_ROLE_ARN).toBeDefined();
      expect(fn.env.AUCTION_CLOSER_ARN).toBeDefined();
    }
    expect(devFunctions.filter((f) => f.env.WS_MANAGEMENT_ENDPOINT)).toEqual([]);
    const posting = wsFunctions.filter((f) => f.env.WS_MANAGEMENT_ENDPOINT).map((f) => f.handlerId);
    expect(posting.sort()).toEqual([eventHandlers.broadcaster, "realtime/default"].sort());
    // https://{apiId}.execute-api.{region}.{suffix}/ws
    expect(
      JSON.stringify(byHandler(wsFunctions, eventHandlers.broadcaster).env.WS_MANAGEMENT_ENDPOINT),
    ).toMatch(/\/ws"\]\]\}$/);
  });

  it("the site origin is the custom domain (and the CloudFront name) when one is configured", () => {
    const origins = JSON.stringify(byHandler(prodFunctions, "auth/login").env.ALLOWED_ORIGINS);
    expect(origins).toContain("https://auctions.example.com,https://");
  });
});

describe("least privilege", () => {
  const XRAY = ["xray:PutTraceSegments", "xray:PutTelemetryRecords"];

  it("no function may do dynamodb:* or anything on every resource, except actions that have no resource", () => {
    for (const fn of [...devFunctions, ...prodFunctions]) {
      // ListStreams has no resource-level permission; the stream consumers need it.
      const streamConsumers: string[] = [eventHandlers.broadcaster, eventHandlers.tableChanges];
      // AppSync's API key actions have no resource type either; the key rotation alone has them.
      const keyRotation = ["appsync:ListApiKeys", "appsync:CreateApiKey", "appsync:DeleteApiKey"];
      const allowedOnEverything = streamConsumers.includes(fn.handlerId)
        ? [...XRAY, "dynamodb:ListStreams"]
        : fn.handlerId === eventHandlers.realtimeApiKeyRotation
          ? [...XRAY, ...keyRotation]
          : XRAY;
      for (const statement of fn.statements) {
        const actions = actionsOf(statement);
        expect(actions, fn.handlerId).not.toContain("*");
        expect(
          actions.filter((a) => a.endsWith(":*")),
          fn.handlerId,
        ).toEqual([]);
        if (resourcesOf(statement).includes("*")) {
          expect(allowedOnEverything, fn.handlerId).toEqual(expect.arrayContaining(actions));
        }
      }
    }
  });

  /** The key patterns a function's table statements allow, per action kind. */
  function tableScope(fn: ReturnType<typeof byHandler>) {
    const scope = {
      read: new Set<string>(),
      write: new Set<string>(),
      touch: [] as Statement[],
      index: false,
    };
    for (const statement of fn.statements) {
      const actions = actionsOf(statement).filter((a) => a.startsWith("dynamodb:"));
      if (actions.length === 0) continue;
      const resources = JSON.stringify(resourcesOf(statement));
      if (/\/index\//.test(resources)) {
        expect(actions).toEqual(["dynamodb:Query"]);
        scope.index = true;
        continue;
      }
      if (/Stream/.test(resources) || actions.every((a) => /Stream|ListStreams/.test(a))) continue;
      const leading = statement.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as
        | string[]
        | undefined;
      // Every statement on the table's items is scoped to key prefixes.
      expect(leading, `${fn.handlerId}: ${actions.join(",")}`).toBeDefined();
      if (statement.Condition?.["ForAllValues:StringEquals"]?.["dynamodb:Attributes"]) {
        scope.touch.push(statement);
        continue;
      }
      // Statements with equal conditions may be merged (minimizePolicies): classify by action.
      const writes = actions.some((a) => /Put|Update|Delete|Write/.test(a));
      const reads = actions.some((a) => /Get|Query|ConditionCheck/.test(a));
      for (const key of leading!) {
        if (writes) scope.write.add(key);
        if (reads) scope.read.add(key);
      }
    }
    return scope;
  }

  it("scopes every function's table statements to the key prefixes infra/table-access.ts declares", () => {
    for (const fn of devFunctions) {
      const grant = TABLE_GRANTS[fn.handlerId];
      expect(grant, fn.handlerId).toBeDefined();
      const scope = tableScope(fn);
      const pattern = (p: string) => (p.endsWith("#") ? `${p}*` : p);
      const readable = new Set([...grant!.read, ...grant!.write].map(pattern));
      const reads = [...scope.read].filter((k) => k !== "SESSION#*");
      expect(reads.sort(), fn.handlerId).toEqual([...readable].filter((k) => k !== "SESSION#*").sort());
      expect([...scope.write].sort(), fn.handlerId).toEqual(grant!.write.map(pattern).sort());
      expect(scope.index, fn.handlerId).toBe(Boolean(grant!.indexes));
    }
  });

  it("lets the public reads, login, register, the webhook and the socket handlers touch only their own prefixes", () => {
    const passwordKeys = (fn: ReturnType<typeof byHandler>) => [
      ...tableScope(fn).write,
      ...tableScope(fn).read,
    ];
    for (const handlerId of [
      "auctions/list-auctions",
      "auctions/get-auction",
      "payments/list-bid-packages",
      "config/get-config",
    ]) {
      expect(
        passwordKeys(byHandler(devFunctions, handlerId)).filter((k) =>
          /^(USER|SESSION|USERNAME|EMAIL)#/.test(k),
        ),
        handlerId,
      ).toEqual([
        ...(tableScope(byHandler(devFunctions, handlerId)).read.has("SESSION#*") ? ["SESSION#*"] : []),
      ]);
    }
    expect([...tableScope(byHandler(prodFunctions, "payments/stripe-webhook")).write].sort()).toEqual(
      ["ORDER#*", "ORDERPAYMENT#*", "PURCHASE#*", "USER#*", "PAIDCREDITS#*"].sort(),
    );
    expect([...tableScope(byHandler(wsFunctions, "realtime/connect")).write]).toEqual(["CONN#*"]);
    // A watch and its clean-up: the connection and its WATCH# items.
    for (const handlerId of ["realtime/disconnect", "realtime/default"]) {
      expect([...tableScope(byHandler(wsFunctions, handlerId)).write].sort(), handlerId).toEqual([
        "CONN#*",
        "WATCH#*",
      ]);
    }
    // ACCOUNTTOKEN#: a sign-in waiting for its second factor.
    expect([...tableScope(byHandler(devFunctions, "auth/login")).write].sort()).toEqual([
      "ACCOUNTTOKEN#*",
      "LOGINRATE#*",
      "SESSION#*",
      "USER#*",
    ]);
  });

  it.each(["auctions/get-auction", "auctions/get-ledger"])(
    "%s reads account items only for the badges' attributes, through a projection (its own statement)",
    (handlerId) => {
      const fn = byHandler(devFunctions, handlerId);
      const accountReads = fn.statements.filter(
        (s) =>
          actionsOf(s).some((a) => /Get/.test(a)) &&
          (
            s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as string[] | undefined
          )?.includes("USER#*"),
      );
      expect(accountReads).toHaveLength(1);
      expect(actionsOf(accountReads[0]!).sort()).toEqual(["dynamodb:BatchGetItem", "dynamodb:GetItem"]);
      expect(accountReads[0]!.Condition).toEqual({
        "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["USER#*"] },
        "ForAllValues:StringEquals": { "dynamodb:Attributes": ["pk", "sk", "id", "createdAt"] },
        StringEqualsIfExists: { "dynamodb:Select": "SPECIFIC_ATTRIBUTES" },
      });
      // The table's other read statement no longer names account items.
      expect(tableScope(fn).read.has("USER#*")).toBe(false);
    },
  );

  it("the session touch may set only the touch's own attributes, on session and user items (every route, and $connect)", () => {
    for (const handlerId of [...deployedRoutes(dev.stack.config).map((r) => r.handler), "realtime/connect"]) {
      const route = { handler: handlerId };
      const fn = byHandler(handlerId === "realtime/connect" ? wsFunctions : devFunctions, route.handler);
      const touch = tableScope(fn).touch.find((s) => actionsOf(s).includes("dynamodb:UpdateItem"));
      expect(touch, route.handler).toBeDefined();
      expect(actionsOf(touch!)).toEqual(["dynamodb:UpdateItem"]);
      expect(touch!.Condition).toEqual({
        "ForAllValues:StringLike": { "dynamodb:LeadingKeys": ["SESSION#*", "USER#*"] },
        "ForAllValues:StringEquals": {
          "dynamodb:Attributes": ["pk", "sk", "lastSeenAt", "expiresAt", "createdAt"],
        },
        StringEqualsIfExists: { "dynamodb:ReturnValues": ["NONE"] },
      });
    }
  });

  it("read-only functions have no write action at all beyond the session touch", () => {
    for (const fn of devFunctions) {
      if (TABLE_GRANTS[fn.handlerId]!.write.length > 0) continue;
      expect(tableScope(fn).write.size, fn.handlerId).toBe(0);
      const writes = fn.statements
        .filter((s) => !s.Condition?.["ForAllValues:StringEquals"]?.["dynamodb:Attributes"])
        .flatMap(actionsOf)
        .filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a));
      expect(writes, fn.handlerId).toEqual([]);
    }
  });

  it("the bid function writes the table, queues agent checks, hands its state to the broadcaster and does nothing else", () => {
    const bid = byHandler(prodFunctions, "auctions/place-bid");
    expect(allActions(bid)).toEqual(expect.arrayContaining(["dynamodb:UpdateItem", "dynamodb:PutItem"]));
    const services = new Set(allActions(bid).map((a) => a.split(":")[0]));
    expect([...services].sort()).toEqual(["dynamodb", "lambda", "secretsmanager", "sqs", "xray"]);
    for (const statement of statementsWith(bid, "sqs:SendMessage")) {
      expect(JSON.stringify(resourcesOf(statement))).toMatch(/AgentsChecks/);
    }
    for (const statement of statementsWith(bid, "dynamodb:UpdateItem", "dynamodb:GetItem")) {
      for (const resource of resourcesOf(statement)) {
        // The table and its indexes, nothing else.
        expect(JSON.stringify(resource)).toMatch(/DataTable/);
      }
    }
  });

  it("the Scheduler's role can invoke only the closer, and only the schedulers may hand it over", () => {
    const schedulerRoles = resourcesOfType(prod.json, "AWS::IAM::Role").filter(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes("scheduler.amazonaws.com"),
    );
    // The auction ends' role, and the spot price schedule's, which invokes the fetch alone.
    expect(schedulerRoles).toHaveLength(2);
    const policies = resourcesOfType(prod.json, "AWS::IAM::Policy");
    const fetch = byHandler(prodFunctions, eventHandlers.spotPriceFetch);
    const [fetchRole, ...roles] = [...schedulerRoles].sort(
      ([a], [b]) =>
        Number(JSON.stringify(statementsOfRole(policies, b)).includes(fetch.logicalId)) -
        Number(JSON.stringify(statementsOfRole(policies, a)).includes(fetch.logicalId)),
    );
    const fetchStatements = statementsOfRole(policies, fetchRole![0]);
    // Invokes the fetch, and puts a run it could not deliver on the fetch's failure queue.
    expect(fetchStatements.flatMap(actionsOf).sort()).toEqual(["lambda:InvokeFunction", "sqs:SendMessage"]);
    expect(JSON.stringify(fetchStatements)).not.toContain(
      byHandler(prodFunctions, eventHandlers.auctionCloser).logicalId,
    );
    expect(roles).toHaveLength(1);
    const [roleId] = roles[0]!;
    const statements = statementsOfRole(policies, roleId);
    const closer = byHandler(prodFunctions, eventHandlers.auctionCloser);
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements[0]!)).toEqual(["lambda:InvokeFunction"]);
    expect(resourcesOf(statements[0]!).map(referencedId)).toEqual([closer.logicalId]);
    expect(roles[0]![1].Properties.ManagedPolicyArns).toBeUndefined();

    const passers = prodFunctions.filter((f) => allActions(f).includes("iam:PassRole"));
    expect(passers.map((f) => f.handlerId).sort()).toEqual(
      ["admin/approve-product", "admin/relist-auction", eventHandlers.auctionCloser].sort(),
    );
    for (const fn of passers) {
      const [pass] = statementsWith(fn, "iam:PassRole");
      expect(resourcesOf(pass!).map(referencedId)).toEqual([roleId]);
      const [schedule] = statementsWith(fn, "scheduler:CreateSchedule");
      expect(actionsOf(schedule!).sort()).toEqual(
        ["scheduler:CreateSchedule", "scheduler:DeleteSchedule", "scheduler:UpdateSchedule"].sort(),
      );
      expect(JSON.stringify(resourcesOf(schedule!))).toContain(":schedule/penny-auction-prod-auction-ends/*");
    }
  });

  it("only the broadcaster and $default may post to sockets, on the ws stage only (none with the Event API)", () => {
    expect(prodFunctions.filter((f) => allActions(f).includes("execute-api:ManageConnections"))).toEqual([]);
    const posting = wsFunctions.filter((f) => allActions(f).includes("execute-api:ManageConnections"));
    expect(posting.map((f) => f.handlerId).sort()).toEqual(
      [eventHandlers.broadcaster, "realtime/default"].sort(),
    );
    for (const fn of posting) {
      expect(JSON.stringify(statementsWith(fn, "execute-api:ManageConnections")[0]!.Resource)).toContain(
        "/ws/*/@connections/*",
      );
    }
  });
});

describe("Stripe secrets", () => {
  const stripeCallers = [
    "payments/create-payment-intent",
    "payments/verify-payment",
    "payments/stripe-webhook",
    "orders/create-order-payment-intent",
    "orders/list-buyer-orders",
    "me/self-exclusion",
    // Deleting an account closes the bid-package payment it left open, as self-exclusion does.
    "me/delete-account",
    // The buyer's cancel of a late order refunds its payment.
    "orders/cancel-order",
  ];

  it("are never in an environment variable: functions get SSM parameter names", () => {
    for (const fn of prodFunctions) {
      expect(fn.env.STRIPE_SECRET_KEY, fn.handlerId).toBeUndefined();
      expect(fn.env.STRIPE_WEBHOOK_SECRET, fn.handlerId).toBeUndefined();
      for (const value of Object.values(fn.env))
        expect(JSON.stringify(value)).not.toMatch(/sk_(live|test)_|whsec_/);
      expect(fn.env.PAYMENT_PROVIDER).toBe("stripe");
      // Only GET /api/config hands the publishable key to the web.
      expect(fn.env.STRIPE_PUBLISHABLE_KEY, fn.handlerId).toBe(
        fn.handlerId === "config/get-config" ? "pk_test_123" : undefined,
      );
    }
    for (const handlerId of stripeCallers) {
      const fn = byHandler(prodFunctions, handlerId);
      expect(fn.env.STRIPE_SECRET_KEY_PARAM).toBe("/penny-auction-prod/stripe/secret-key");
      expect(fn.env.STRIPE_WEBHOOK_SECRET_PARAM).toBe("/penny-auction-prod/stripe/webhook-secret");
    }
  });

  it("can be read only by the functions that call Stripe, only those two parameters, decrypted only via SSM", () => {
    const readers = prodFunctions.filter((f) =>
      statementsWith(f, "ssm:GetParameter").some((get) => JSON.stringify(get.Resource).includes("/stripe/")),
    );
    expect(readers.map((f) => f.handlerId).sort()).toEqual([...stripeCallers].sort());
    for (const fn of readers) {
      const [get] = statementsWith(fn, "ssm:GetParameter");
      const resources = JSON.stringify(get!.Resource);
      expect(resources).toContain(":parameter/penny-auction-prod/stripe/secret-key");
      expect(resources).toContain(":parameter/penny-auction-prod/stripe/webhook-secret");
      expect(resourcesOf(get!)).toHaveLength(2);
      const [decrypt] = statementsWith(fn, "kms:Decrypt");
      expect(Object.keys(decrypt!.Condition!.StringEquals!).sort()).toEqual([
        "kms:EncryptionContext:PARAMETER_ARN",
        "kms:ViaService",
      ]);
    }
    // Without Stripe, only Web Push and the spot price fetch (the provider's key) read SSM.
    expect(
      devFunctions
        .filter((fn) => allActions(fn).includes("ssm:GetParameter"))
        .map((fn) => fn.handlerId)
        .sort(),
    ).toEqual([eventHandlers.emailSender, "push/get-public-key", eventHandlers.spotPriceFetch].sort());
  });
});

describe("Web Push's VAPID keys", () => {
  const publicKey = ":parameter/penny-auction-prod/push/vapid-public-key";
  const privateKey = ":parameter/penny-auction-prod/push/vapid-private-key";

  it("the alert sender alone reads the private key: that parameter's ARN only, decrypted only via SSM for it", () => {
    const readers = prodFunctions.filter((fn) =>
      statementsWith(fn, "ssm:GetParameter").some((get) => JSON.stringify(get.Resource).includes(privateKey)),
    );
    expect(readers.map((fn) => fn.handlerId)).toEqual([eventHandlers.emailSender]);
    const sender = readers[0]!;
    const [get] = statementsWith(sender, "ssm:GetParameter");
    expect(resourcesOf(get!)).toHaveLength(2);
    expect(JSON.stringify(get!.Resource)).toContain(publicKey);
    const [decrypt] = statementsWith(sender, "kms:Decrypt");
    expect(decrypt!.Condition!.StringEquals!["kms:ViaService"]).toBeDefined();
    const context = JSON.stringify(decrypt!.Condition!.StringEquals!["kms:EncryptionContext:PARAMETER_ARN"]);
    expect(context).toContain(privateKey);
    expect(context).not.toContain(publicKey);
    // Names in the environment, never the keys.
    expect(sender.env.VAPID_PUBLIC_KEY_PARAM).toBe("/penny-auction-prod/push/vapid-public-key");
    expect(sender.env.VAPID_PRIVATE_KEY_PARAM).toBe("/penny-auction-prod/push/vapid-private-key");
    expect(JSON.stringify(sender.env.VAPID_SUBJECT)).toMatch(/^"mailto:/);
    for (const fn of [...devFunctions, ...prodFunctions]) {
      expect(fn.env.VAPID_PRIVATE_KEY, fn.handlerId).toBeUndefined();
      expect(fn.env.VAPID_PUBLIC_KEY, fn.handlerId).toBeUndefined();
    }
  });

  it("the public-key route reads the public key's parameter and nothing else, and decrypts nothing", () => {
    for (const functions of [devFunctions, prodFunctions]) {
      const route = byHandler(functions, "push/get-public-key");
      const [get, ...more] = statementsWith(route, "ssm:GetParameter");
      expect(more).toEqual([]);
      expect(resourcesOf(get!)).toHaveLength(1);
      expect(JSON.stringify(get!.Resource)).toContain("/push/vapid-public-key");
      expect(allActions(route)).not.toContain("kms:Decrypt");
      expect(route.env.VAPID_PRIVATE_KEY_PARAM).toBeUndefined();
    }
  });
});

describe("table", () => {
  it("is the table of docs/architecture.md section 3: keys, KEYS_ONLY GSIs, TTL, stream, PITR, on demand", () => {
    dev.template.resourceCountIs("AWS::DynamoDB::Table", 1);
    dev.template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
      StreamSpecification: { StreamViewType: "NEW_AND_OLD_IMAGES" },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "KEYS_ONLY" },
      })),
    });
  });

  it("is retained and deletion-protected outside a dev stage, disposable in dev", () => {
    prod.template.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.template.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Delete",
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe("realtime", () => {
  it("has $connect, $disconnect and $default on a WebSocket API whose stage is named ws (-c live=websocket)", () => {
    const wsApiId = resourcesOfType(ws.json, "AWS::ApiGatewayV2::Api").find(
      ([, api]) => api.Properties.ProtocolType === "WEBSOCKET",
    )![0];
    for (const route of socketRoutes) {
      const [, apiRoute] = resourcesOfType(ws.json, "AWS::ApiGatewayV2::Route").find(
        ([, r]) => r.Properties.RouteKey === route.routeKey,
      )!;
      expect(referencedId(apiRoute.Properties.ApiId)).toBe(wsApiId);
    }
    ws.template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      ApiId: { Ref: wsApiId },
      StageName: "ws",
      AutoDeploy: true,
    });
  });

  it("feeds the broadcaster from the table's stream in batches, bisecting, retrying a few times, reporting item failures, failures to SQS", () => {
    const broadcaster = byHandler(devFunctions, eventHandlers.broadcaster);
    expectStreamConsumer(dev, broadcaster, idOf(dev.json, "AWS::SQS::Queue", /BroadcasterFailures/), {
      StartingPosition: "LATEST",
      MaximumBatchingWindowInSeconds: 1,
      MaximumRetryAttempts: 3,
    });
  });

  it("only the bid, the agent engine, the closer and the auction reads that end auctions may invoke the broadcaster (live updates' direct path), and nothing else", () => {
    for (const functions of [devFunctions, prodFunctions]) {
      const broadcaster = byHandler(functions, eventHandlers.broadcaster);
      const invokers = functions.filter((fn) => allActions(fn).includes("lambda:InvokeFunction"));
      expect(invokers.map((fn) => fn.handlerId).sort()).toEqual(
        [
          "auctions/place-bid",
          "auctions/get-auction",
          "auctions/list-auctions",
          "admin/list-auctions",
          "seller/list-seller-auctions",
          "auctions/get-buy-now",
          "auctions/list-won-auctions",
          "auctions/buy-now",
          "orders/create-order",
          eventHandlers.agentEngine,
          eventHandlers.auctionCloser,
        ].sort(),
      );
      for (const fn of invokers) {
        const statements = statementsWith(fn, "lambda:InvokeFunction");
        expect(statements, fn.handlerId).toHaveLength(1);
        // The one action on the broadcaster's ARN alone: no version or alias wildcard, no other function.
        expect(actionsOf(statements[0]!)).toEqual(["lambda:InvokeFunction"]);
        expect(resourcesOf(statements[0]!)).toEqual([{ "Fn::GetAtt": [broadcaster.logicalId, "Arn"] }]);
        expect(fn.env.BROADCASTER_FUNCTION_NAME, fn.handlerId).toEqual({ Ref: broadcaster.logicalId });
      }
      const told = functions.filter((fn) => fn.env.BROADCASTER_FUNCTION_NAME !== undefined);
      expect(told.map((fn) => fn.handlerId).sort()).toEqual(invokers.map((fn) => fn.handlerId).sort());
    }
    // What the direct path fails to deliver comes by the stream: no retry of a late update.
    const broadcaster = byHandler(devFunctions, eventHandlers.broadcaster);
    dev.template.hasResourceProperties("AWS::Lambda::EventInvokeConfig", {
      FunctionName: { Ref: broadcaster.logicalId },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 60,
    });
  });

  it("invokes the broadcaster only for auction state records: a bid's user and bid items never reach it", () => {
    const broadcaster = byHandler(devFunctions, eventHandlers.broadcaster);
    const patterns = filterPatternsOf(dev.json, broadcaster);
    expect(patterns).toEqual([
      { dynamodb: { Keys: { pk: { S: [{ prefix: "AUCTION#" }] }, sk: { S: ["STATE"] } } } },
    ]);
  });
});

describe("Bid Agent engine", () => {
  it("runs each check from an SQS queue with partial batch failures, a dead-letter queue behind it", () => {
    const engine = byHandler(devFunctions, eventHandlers.agentEngine);
    expectQueueConsumer(dev, engine, {
      queue: /AgentsChecks/,
      failures: /AgentsFailures/,
      maxReceiveCount: 3,
    });
  });

  it("sweeps every minute, and only the bid, the booking, the engine and the sweep may queue checks", () => {
    const sweep = byHandler(devFunctions, eventHandlers.agentSweep);
    dev.template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(1 minute)",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [sweep.logicalId, "Arn"] } })],
    });
    const senders = devFunctions
      .filter((fn) => allActions(fn).includes("sqs:SendMessage"))
      .filter((fn) =>
        statementsWith(fn, "sqs:SendMessage").some((s) =>
          /AgentsChecks/.test(JSON.stringify(resourcesOf(s))),
        ),
      )
      .map((fn) => fn.handlerId)
      .sort();
    expect(senders).toEqual(
      [
        "auctions/place-bid",
        "auctions/put-agent",
        eventHandlers.agentEngine,
        eventHandlers.agentSweep,
      ].sort(),
    );
    for (const handlerId of senders) {
      expect(JSON.stringify(byHandler(devFunctions, handlerId).env.AGENT_QUEUE_URL)).toMatch(/AgentsChecks/);
    }
    // The sweep only reads the table.
    expect(
      allActions(sweep).filter((a) => a.startsWith("dynamodb:") && /Put|Update|Delete|Write/.test(a)),
    ).toEqual([]);
  });
});

describe("payment deadlines", () => {
  it("a rule every 15 minutes runs the sweep, which may touch only auctions and orders and query the index", () => {
    const sweep = byHandler(devFunctions, eventHandlers.paymentDeadlineSweep);
    dev.template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(15 minutes)",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [sweep.logicalId, "Arn"] } })],
    });
    const leading = sweep.statements
      .flatMap((s) => (s.Condition?.["ForAllValues:StringLike"]?.["dynamodb:LeadingKeys"] as string[]) ?? [])
      .filter((key) => key !== "SESSION#*");
    expect([...new Set(leading)].sort()).toEqual(["AUCTION#*", "ORDER#*"]);
    // It schedules nothing and sends only its failures to its own dead-letter queue.
    expect(allActions(sweep).filter((a) => a.startsWith("scheduler:"))).toEqual([]);
    for (const statement of statementsWith(sweep, "sqs:SendMessage")) {
      expect(JSON.stringify(resourcesOf(statement))).toMatch(/PaymentDeadlinesFailures/);
    }
    // Every function that can finalize a win knows the stage's deadlines.
    expect(byHandler(devFunctions, eventHandlers.auctionCloser).env.WIN_PAYMENT_DAYS).toBe("14");
    expect(byHandler(devFunctions, "auctions/buy-now").env.BUY_NOW_PAYMENT_DAYS).toBe("7");
    // Every function that can mark an order paid stamps its ship-by moment with the stage's days.
    expect(byHandler(devFunctions, "payments/confirm-local-payment").env.SHIP_WITHIN_DAYS).toBe("5");
  });
});

describe("web", () => {
  function distribution(s: Synthesized) {
    return resourcesOfType(s.json, "AWS::CloudFront::Distribution")[0]![1].Properties.DistributionConfig;
  }

  it("sends /api/* to the HTTP API uncached with cookies, query strings and every header but Host", () => {
    const behaviours = distribution(dev).CacheBehaviors as CfnJson[];
    const api = behaviours.find((b) => b.PathPattern === "/api/*");
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: "https-only",
      AllowedMethods: expect.arrayContaining(["POST", "PATCH", "DELETE"]),
    });
    const origin = (distribution(dev).Origins as CfnJson[]).find((o) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/HttpApi.*execute-api/);
  });

  it("locks both APIs to CloudFront: a secret generated in Secrets Manager, sent as x-origin-verify, known to every function by reference only", () => {
    const secrets = resourcesOfType(dev.json, "AWS::SecretsManager::Secret").filter(([id]) =>
      /OriginSecret/.test(id),
    );
    expect(secrets).toHaveLength(1);
    expect(secrets[0]![1].Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    const reference = /\{\{resolve:secretsmanager:/;
    // The HTTP API, and with -c live=websocket the socket API too.
    for (const [stage, apis] of [
      [dev, 1],
      [ws, 2],
    ] as const) {
      const origins = (distribution(stage).Origins as CfnJson[]).filter((o) =>
        /execute-api/.test(JSON.stringify(o.DomainName)),
      );
      expect(origins).toHaveLength(apis);
      for (const origin of origins) {
        const header = (origin.OriginCustomHeaders as CfnJson[]).find(
          (h) => h.HeaderName === "x-origin-verify",
        );
        expect(JSON.stringify(header?.HeaderValue)).toMatch(reference);
      }
      expect((distribution(stage).Origins as CfnJson[]).filter((o) => o.OriginCustomHeaders).length).toBe(
        apis,
      );
    }
    const connect = byHandler(wsFunctions, "realtime/connect");
    expect(connect.env.ORIGIN_SECRET_ID).toEqual({ Ref: expect.stringMatching(/^OriginSecret/) });
    expect(statementsWith(connect, "secretsmanager:GetSecretValue").flatMap(resourcesOf)).toEqual([
      { Ref: expect.stringMatching(/^OriginSecret/) },
    ]);
    // The functions behind the APIs read it at run time (functions/http/origin-lock.ts): they hold its
    // ARN and may read that secret only; no function environment holds a dynamic reference.
    const behindApis = new Set(deployedRoutes(prod.stack.config).map((r) => r.handler));
    for (const fn of prodFunctions) {
      expect(JSON.stringify(fn.env), fn.handlerId).not.toMatch(/\{\{resolve:/);
      const reads = statementsWith(fn, "secretsmanager:GetSecretValue");
      if (!behindApis.has(fn.handlerId)) {
        expect(fn.env.ORIGIN_SECRET_ID, fn.handlerId).toBeUndefined();
        continue;
      }
      expect(fn.env.ORIGIN_SECRET_ID, fn.handlerId).toEqual({ Ref: expect.stringMatching(/^OriginSecret/) });
      expect(reads.flatMap(resourcesOf), fn.handlerId).toEqual([
        { Ref: expect.stringMatching(/^OriginSecret/) },
      ]);
    }
    // The HTTP API origin's header (this prod names its publishable key: no SSM reference).
    expect(JSON.stringify(prod.json).match(/\{\{resolve:/g)).toHaveLength(1);
  });

  it("sends /ws unchanged to the WebSocket API (-c live=websocket)", () => {
    const socket = (distribution(ws).CacheBehaviors as CfnJson[]).find((b) => b.PathPattern === "/ws");
    expect(socket).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    const origin = (distribution(ws).Origins as CfnJson[]).find((o) => o.Id === socket.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/WebSocketApi.*execute-api/);
    expect(origin.OriginPath ?? "").toBe("");
  });

  it("caches exactly the public auction reads for 1 s (an ended auction's ledger pages for good) and the spot prices for a minute, without cookies (the detail keyed on the session), after the signed-in paths under them", () => {
    const behaviours = distribution(dev).CacheBehaviors as CfnJson[];
    const patterns = behaviours.map((b) => b.PathPattern);
    const cached = httpRoutes.filter((r) => r.edgeCacheSeconds).map((r) => pathPattern(r.path));
    expect(cached).toEqual([
      "/api/auctions",
      "/api/auctions/*",
      "/api/auctions/*/ledger",
      "/api/spot-prices",
    ]);
    const policies = Object.fromEntries(resourcesOfType(dev.json, "AWS::CloudFront::CachePolicy"));
    for (const pattern of cached) {
      const behaviour = behaviours.find((b) => b.PathPattern === pattern);
      const policy = policies[referencedId(behaviour.CachePolicyId)!]!.Properties.CachePolicyConfig;
      // The ledger's pages of an ended auction say `immutable` with a year's s-maxage: the edge honours
      // it there (and 1 s for every other answer); elsewhere nothing is kept longer than 1 s.
      const ttl = pattern === "/api/spot-prices" ? 60 : 1;
      const maxTtl = pattern === "/api/auctions/*/ledger" ? 31_536_000 : ttl;
      expect(policy).toMatchObject({ MinTTL: ttl, DefaultTTL: ttl, MaxTTL: maxTtl });
      const cookies = policy.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig;
      if (pattern === "/api/auctions/*") {
        // Anonymous viewers share the detail; a signed-in viewer's request carries its session (and `me`).
        expect(cookies).toEqual({ CookieBehavior: "whitelist", Cookies: ["sid", "__Host-sid"] });
      } else {
        expect(cookies.CookieBehavior).toBe("none");
      }
      expect(behaviour.CachedMethods).toEqual(["GET", "HEAD"]);
    }
    // Signed-in routes the cached pattern would catch come first, uncached.
    for (const path of ["/api/auctions/won", "/api/auctions/*/bid"]) {
      const index = patterns.indexOf(path);
      expect(index, path).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(patterns.indexOf("/api/auctions/*"));
      expect(behaviours[index].CachePolicyId).toBe(CACHING_DISABLED);
      expect(behaviours[index].OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    }
    expect(patterns.indexOf("/api/*")).toBeGreaterThan(patterns.indexOf("/api/auctions/*"));
  });

  it("serves the SPA from a private bucket through Origin Access Control, rewriting client routes to their prerendered shells", () => {
    dev.template.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    // One for the site bucket, one for the media bucket (tests/infra/media.test.ts).
    dev.template.resourceCountIs("AWS::CloudFront::OriginAccessControl", 2);
    const config = distribution(dev);
    expect(config.DefaultRootObject).toBe("index.html");
    const association = config.DefaultCacheBehavior.FunctionAssociations[0];
    expect(association.EventType).toBe("viewer-request");
    const functions = Object.fromEntries(resourcesOfType(dev.json, "AWS::CloudFront::Function"));
    const fn = functions[referencedId(association.FunctionARN)!]!;
    expect(fn.Properties.FunctionCode).toContain("/index.html");
    expect(fn.Properties.FunctionCode).toContain("/auction.html");
    expect(fn.Properties.FunctionCode).toContain("/page.html");
    // No error-page fallback: an unknown /api path keeps the API's own 404 JSON.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it("passes the viewer's address to uncached API calls (per-IP login limit), not to the cached polls", () => {
    const behaviours = distribution(dev).CacheBehaviors as CfnJson[];
    const functions = Object.fromEntries(resourcesOfType(dev.json, "AWS::CloudFront::Function"));
    const login = behaviours.find((b) => b.PathPattern === "/api/*");
    const [association] = login.FunctionAssociations;
    expect(association.EventType).toBe("viewer-request");
    const code = functions[referencedId(association.FunctionARN)!]!.Properties.FunctionCode;
    expect(code).toContain('request.headers["x-viewer-address"] = { value: event.viewer.ip }');
    const cachedPoll = behaviours.find((b) => b.PathPattern === "/api/auctions/*");
    expect(cachedPoll.FunctionAssociations ?? []).toEqual([]);
  });

  it("adds HSTS, CSP, nosniff, frame denial and a referrer policy to every answer", () => {
    const [policyId, policy] = resourcesOfType(prod.json, "AWS::CloudFront::ResponseHeadersPolicy")[0]!;
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe("strict-origin-when-cross-origin");
    // A Fn::Join: the media bucket's endpoint is part of connect-src (tests/infra/media.test.ts).
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("https://js.stripe.com");
    const config = distribution(prod);
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(referencedId(behaviour.ResponseHeadersPolicyId)).toBe(policyId);
    }
    // Without Stripe, no third-party script may run.
    const devHeaders = resourcesOfType(dev.json, "AWS::CloudFront::ResponseHeadersPolicy")[0]![1];
    expect(JSON.stringify(devHeaders)).not.toContain("stripe");
  });

  it("uses the custom domain and certificate when the stage has them", () => {
    const config = distribution(prod);
    expect(config.Aliases).toEqual(["auctions.example.com"]);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: PROD_CONTEXT.certificateArn,
      MinimumProtocolVersion: "TLSv1.2_2021",
    });
  });

  it("publishes the web build: hashed assets immutable, the rest revalidated, then invalidates", () => {
    const deployments = resourcesOfType(dev.json, "Custom::CDKBucketDeployment").map(([, d]) => d.Properties);
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.Prune === false);
    expect(assets.SystemMetadata["cache-control"]).toBe("public, max-age=31536000, immutable");
    const pages = deployments.find((d) => d.Prune !== false);
    expect(pages.SystemMetadata["cache-control"]).toBe("no-cache");
    expect(pages.DistributionPaths).toEqual(["/*"]);
    expect(pages.Exclude).toEqual(["assets/*", "manifest.webmanifest"]);
  });
});

describe("stages and outputs", () => {
  it("outputs the site and API URLs and the table name, and the WebSocket URL with -c live=websocket", () => {
    for (const name of ["SiteUrl", "ApiUrl", "TableName"]) {
      expect(prod.json.Outputs[name], name).toBeDefined();
    }
    expect(prod.json.Outputs.SiteUrl.Value).toBe("https://auctions.example.com");
    expect(prod.json.Outputs.WebSocketUrl).toBeUndefined();
    expect(JSON.stringify(ws.json.Outputs.WebSocketUrl.Value)).toMatch(/wss:\/\/.*\/ws/);
    expect(prod.json.Outputs.StripeWebhookUrl.Value).toBe("https://auctions.example.com/api/stripe/webhook");
  });

  it("stays under CloudFormation's 500 resources per stack", () => {
    // Per template (the app's route areas are nested stacks): `dev.json` merges them all into one view.
    for (const stage of [dev, prod]) {
      for (const template of templatesIn(stage.assemblyDir)) {
        expect(Object.keys(template.json.Resources ?? {}).length, template.name).toBeLessThan(500);
      }
    }
  });
});

describe("alarms", () => {
  it("watch API 5xx, Lambda errors and throttles of every function, table throttles, the broadcaster's failures and lag", () => {
    const alarms = resourcesOfType(prod.json, "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    const names = alarms.map((a) => a.AlarmName as string);
    for (const name of ["Api5xxRate", "TableThrottles", "BroadcasterFailures", "BroadcasterIteratorAge"]) {
      expect(names).toContain(`penny-auction-prod-${name}`);
    }
    const watched = (metricName: string) =>
      new Set(
        alarms.flatMap((a) =>
          // A last group of one function is a plain metric alarm, not metric math.
          a.MetricName === metricName && a.Namespace === "AWS/Lambda"
            ? [referencedId(a.Dimensions[0].Value)]
            : (a.Metrics ?? [])
                .filter((m: CfnJson) => m.MetricStat?.Metric.MetricName === metricName)
                .map((m: CfnJson) => referencedId(m.MetricStat.Metric.Dimensions[0].Value)),
        ),
      );
    const everyFunction = new Set(prodFunctions.map((f) => f.logicalId));
    expect(watched("Errors")).toEqual(everyFunction);
    expect(watched("Throttles")).toEqual(everyFunction);
    for (const alarm of alarms) {
      // CloudWatch refuses metric-math alarms reading more than 10 metrics.
      expect((alarm.Metrics ?? []).filter((m: CfnJson) => m.MetricStat).length).toBeLessThanOrEqual(10);
      expect(alarm.AlarmActions).toHaveLength(1);
    }
    prod.template.hasResourceProperties("AWS::SNS::Subscription", {
      Protocol: "email",
      Endpoint: "ops@example.com",
    });
  });

  it("in dev, watch the region's Lambda totals instead: ten alarm metrics (the free tier) plus the failure queues", () => {
    const alarms = resourcesOfType(dev.json, "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    const lambdaErrors = alarms.find((a) => a.AlarmName === "penny-auction-dev-LambdaErrors");
    expect(lambdaErrors).toMatchObject({ Namespace: "AWS/Lambda", MetricName: "Errors" });
    expect(lambdaErrors.Dimensions).toBeUndefined();
    const alarmMetrics = alarms.reduce(
      (sum, a) => sum + (a.Metrics ? a.Metrics.filter((m: CfnJson) => m.MetricStat).length : 1),
      0,
    );
    // Eight region-wide metrics, plus one per failure queue (nine: the closer, the broadcaster, the
    // agents' checks and sweep, the payment deadline sweep, the spot price fetch, the Event API key
    // rotation, the emails, the stats).
    expect(alarmMetrics).toBeLessThanOrEqual(17);
  });
});

describe("production hardening", () => {
  function distribution(s: Synthesized) {
    return resourcesOfType(s.json, "AWS::CloudFront::Distribution")[0]![1].Properties.DistributionConfig;
  }

  it("cdk-nag's AwsSolutions and Serverless packs find nothing unfixed or unacknowledged, on every stage", () => {
    expect(dev.findings).toEqual([]);
    expect(prod.findings).toEqual([]);
  });

  it("cdk-nag does report what nobody acknowledged (the check can fail)", () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), "penny-nag-")) });
    addNagPacks(app);
    new Queue(new Stack(app, "Unhardened"), "Plain");
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS4/);
  });

  it("puts WAF in front of the prod distribution: managed common and known-bad-inputs rules, rate limits on sign-in and bids", () => {
    // CloudFront's (the Event API's regional one: live-events.test.ts).
    const [aclId, acl] = resourcesOfType(prod.json, "AWS::WAFv2::WebACL").find(
      ([, a]) => a.Properties.Scope === "CLOUDFRONT",
    )!;
    expect(distribution(prod).WebACLId).toEqual({ "Fn::GetAtt": [aclId, "Arn"] });
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    const rules = acl.Properties.Rules as CfnJson[];
    const managed = rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean);
    expect(managed.sort()).toEqual(["AWSManagedRulesCommonRuleSet", "AWSManagedRulesKnownBadInputsRuleSet"]);
    const rate = (name: string) => rules.find((r) => r.Name === name)!.Statement.RateBasedStatement;
    expect(rate("AuthRateLimit")).toMatchObject({ AggregateKeyType: "IP", Limit: 100 });
    const auth = JSON.stringify(rate("AuthRateLimit").ScopeDownStatement);
    for (const part of ['"/api/auth/"', '"STARTS_WITH"', '"POST"']) expect(auth).toContain(part);
    for (const name of ["AuthRateLimit", "BidRateLimit"]) {
      const response = rules.find((r) => r.Name === name)!.Action.Block.CustomResponse;
      expect(response.ResponseCode).toBe(429);
      const body = acl.Properties.CustomResponseBodies[response.CustomResponseBodyKey];
      expect(JSON.parse(body.Content).message).toMatch(/Too many requests/);
    }
    const bid = JSON.stringify(rate("BidRateLimit"));
    for (const part of ['"/api/auctions/"', '"/bid"', '"ENDS_WITH"', '"POST"']) expect(bid).toContain(part);
    // CloudFront's Web ACLs exist only in us-east-1: deploying elsewhere stops before creating anything.
    expect(JSON.stringify(prod.json.Rules)).toContain("us-east-1");
  });

  it("refuses to make its own WAF in a region other than us-east-1, naming the ways out", () => {
    const config = readStageConfig((key) => ({ ...cdkJsonContext(), ...PROD_CONTEXT })[key]);
    const app = new App();
    const env = { region: "eu-west-1" };
    const stores = new PennyAuctionDataStack(app, "Elsewhere-data", { config, env });
    expect(() => new PennyAuctionStack(app, "Elsewhere", { config, env, stores })).toThrow(
      /only in us-east-1.*webAclArn.*waf=false/,
    );
  });

  it("has no WAF on a dev stage unless asked (-c waf=true)", () => {
    expect(resourcesOfType(dev.json, "AWS::WAFv2::WebACL")).toEqual([]);
    expect(distribution(dev).WebACLId).toBeUndefined();
    expect(readStageConfig((key) => ({ ...cdkJsonContext(), stage: "dev", waf: "true" })[key]).waf).toBe(
      true,
    );
  });

  it("logs the API stages (HTTP, and the socket's with -c live=websocket) as JSON (request id, route, status, latency, address) with the stage's retention", () => {
    for (const [s, days, apis] of [
      [dev, 7, 1],
      [prod, 30, 1],
      [ws, 7, 2],
    ] as const) {
      const logGroups = Object.fromEntries(resourcesOfType(s.json, "AWS::Logs::LogGroup"));
      const stages = resourcesOfType(s.json, "AWS::ApiGatewayV2::Stage");
      expect(stages).toHaveLength(apis);
      for (const [, stage] of stages) {
        const settings = stage.Properties.AccessLogSettings;
        const fields = JSON.parse(settings.Format);
        expect(fields).toMatchObject({
          requestId: "$context.requestId",
          route: "$context.routeKey",
          status: "$context.status",
          sourceIp: "$context.identity.sourceIp",
        });
        expect(fields.latencyMs).toMatch(/^\$context\.\w*[lL]atency$/);
        expect(logGroups[referencedId(settings.DestinationArn)!]?.Properties.RetentionInDays).toBe(days);
      }
    }
  });

  it("writes CloudFront's standard logs to a private bucket that expires them after the stage's retention", () => {
    for (const [s, days] of [
      [dev, 7],
      [prod, 30],
    ] as const) {
      const logging = distribution(s).Logging;
      expect(logging).toMatchObject({ Prefix: "cloudfront/", IncludeCookies: false });
      const bucketId = referencedId(logging.Bucket)!;
      const bucket = s.json.Resources[bucketId]!;
      expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
        expect.objectContaining({ ExpirationInDays: days, Status: "Enabled" }),
      ]);
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true });
    }
  });

  it("serves a custom domain with TLSv1.2_2021 at least", () => {
    expect(distribution(prod).Aliases).toEqual(["auctions.example.com"]);
    expect(distribution(prod).ViewerCertificate).toMatchObject({
      AcmCertificateArn: PROD_CONTEXT.certificateArn,
      MinimumProtocolVersion: "TLSv1.2_2021",
      SslSupportMethod: "sni-only",
    });
  });

  it("gives every asynchronous function a failure queue, and every failure queue an alarm", () => {
    const queues = Object.fromEntries(resourcesOfType(prod.json, "AWS::SQS::Queue"));
    const queueOf = (id: string | undefined) => queues[id!]?.Properties.QueueName as string | undefined;
    // Invoked asynchronously (Scheduler, EventBridge): a Lambda DLQ.
    const closer = byHandler(prodFunctions, eventHandlers.auctionCloser);
    expect(queueOf(referencedId(closer.properties.DeadLetterConfig?.TargetArn))).toBe(
      "penny-auction-prod-auction-closer-failures",
    );
    const sweep = byHandler(prodFunctions, eventHandlers.agentSweep);
    expect(queueOf(referencedId(sweep.properties.DeadLetterConfig?.TargetArn))).toBe(
      "penny-auction-prod-agent-sweep-failures",
    );
    const [, rule] = resourcesOfType(prod.json, "AWS::Events::Rule")[0]!;
    expect(queueOf(referencedId(rule.Properties.Targets[0].DeadLetterConfig.Arn))).toBe(
      "penny-auction-prod-agent-sweep-failures",
    );
    // Polled (stream, queue): the event source's destination, the queue's DLQ.
    const mappings = resourcesOfType(prod.json, "AWS::Lambda::EventSourceMapping").map(
      ([, m]) => m.Properties,
    );
    const broadcaster = byHandler(prodFunctions, eventHandlers.broadcaster);
    const stream = mappings.find((m) => m.FunctionName.Ref === broadcaster.logicalId)!;
    expect(queueOf(referencedId(stream.DestinationConfig.OnFailure.Destination))).toBe(
      "penny-auction-prod-broadcaster-failures",
    );
    const checks = Object.values(queues).find(
      (q) => q.Properties.QueueName === "penny-auction-prod-agent-checks",
    );
    expect(queueOf(referencedId(checks!.Properties.RedrivePolicy.deadLetterTargetArn))).toBe(
      "penny-auction-prod-agent-check-failures",
    );

    const failureQueues = Object.entries(queues).filter(([, q]) =>
      (q.Properties.QueueName as string).endsWith("-failures"),
    );
    const emailQueue = Object.values(queues).find(
      (q) => q.Properties.QueueName === "penny-auction-prod-emails",
    );
    expect(queueOf(referencedId(emailQueue!.Properties.RedrivePolicy.deadLetterTargetArn))).toBe(
      "penny-auction-prod-email-failures",
    );
    const changesConsumer = byHandler(prodFunctions, eventHandlers.tableChanges);
    const changesStream = mappings.find((m) => m.FunctionName.Ref === changesConsumer.logicalId)!;
    expect(queueOf(referencedId(changesStream.DestinationConfig.OnFailure.Destination))).toBe(
      "penny-auction-prod-stream-failures",
    );

    // The six above, the payment deadline sweep's, the spot price fetch's and the Event API key rotation's.
    expect(failureQueues).toHaveLength(9);
    const alarms = resourcesOfType(prod.json, "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    for (const [queueId, queue] of failureQueues) {
      expect(queue.Properties).toMatchObject({
        MessageRetentionPeriod: 14 * 24 * 3600,
        SqsManagedSseEnabled: true,
      });
      const alarm = alarms.find(
        (a) =>
          a.MetricName === "ApproximateNumberOfMessagesVisible" &&
          referencedId(a.Dimensions?.[0]?.Value) === queueId,
      );
      expect(alarm, queue.Properties.QueueName).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
    }
  });

  it("keeps the prod table: RETAIN, deletion protection, point-in-time recovery", () => {
    prod.template.hasResource("AWS::DynamoDB::Table", {
      DeletionPolicy: "Retain",
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
  });
});

describe("emails", () => {
  const SES_ACTIONS = /^ses:/;

  it("has an SES identity (the stage's domain, with DKIM in its zone when given) using a configuration set that suppresses bounces and complaints", () => {
    const [setId] = resourcesOfType(prod.json, "AWS::SES::ConfigurationSet")[0]!;
    prod.template.hasResourceProperties("AWS::SES::ConfigurationSet", {
      Name: "penny-auction-prod-emails",
      SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
    });
    prod.template.hasResourceProperties("AWS::SES::EmailIdentity", {
      EmailIdentity: "auctions.example.com",
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } },
    });
    // No domain: the address itself (here the placeholder, which the synth warns about).
    dev.template.hasResourceProperties("AWS::SES::EmailIdentity", {
      EmailIdentity: "no-reply+dev@example.com",
    });
  });

  it("runs the sender from a queue with partial batch failures and a dead-letter queue behind it, with an alarm on that", () => {
    const sender = byHandler(devFunctions, eventHandlers.emailSender);
    const { failuresId } = expectQueueConsumer(dev, sender, {
      queue: /NotificationsQueue/,
      failures: /NotificationsFailures/,
      maxReceiveCount: 5,
    });
    const [, alarm] = resourcesOfType(dev.json, "AWS::CloudWatch::Alarm").find(
      ([, a]) => a.Properties.AlarmName === "penny-auction-dev-EmailFailures",
    )!;
    expect(alarm.Properties).toMatchObject({
      MetricName: "ApproximateNumberOfMessagesVisible",
      Namespace: "AWS/SQS",
      Threshold: 1,
      Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [failuresId, "QueueName"] } }],
    });
    expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it("lets only the sender send email, only ses:SendEmail on the stage's identity and configuration set from its address; only the consumer, the alert sweep, the sender (reset requests), the account-email routes and Contact Us queue emails", () => {
    for (const fn of [...devFunctions, ...prodFunctions]) {
      const ses = allActions(fn).filter((a) => SES_ACTIONS.test(a));
      if (fn.handlerId !== eventHandlers.emailSender) expect(ses, fn.handlerId).toEqual([]);
    }
    const sender = byHandler(prodFunctions, eventHandlers.emailSender);
    const [statement, ...more] = statementsWith(sender, "ses:SendEmail");
    expect(more).toEqual([]);
    expect(actionsOf(statement!)).toEqual(["ses:SendEmail"]);
    const resources = JSON.stringify(resourcesOf(statement!));
    expect(resources).toMatch(/NotificationsIdentity/);
    expect(resources).toMatch(/:configuration-set\/"?,?\{"Ref":"NotificationsConfigurationSet/);
    expect(statement!.Condition).toEqual({
      StringEquals: { "ses:FromAddress": "no-reply@auctions.example.com" },
    });
    expect(sender.env.EMAIL_FROM).toBe("no-reply@auctions.example.com");
    expect(referencedId(sender.env.SES_CONFIGURATION_SET)).toMatch(/^NotificationsConfigurationSet/);
    expect(JSON.stringify(sender.env.SITE_URL)).toContain("https://auctions.example.com");

    const queueing = devFunctions
      .filter((fn) =>
        statementsWith(fn, "sqs:SendMessage").some((s) =>
          /NotificationsQueue/.test(JSON.stringify(resourcesOf(s))),
        ),
      )
      .map((fn) => fn.handlerId);
    // The consumer, the ending-soon sweep (its alerts the sender decides like any email), and the routes
    // that queue account emails (their link's secret never reaches the stream; a new passkey and
    // two-factor turned on are told the same way), and the sender, whose queued password-reset
    // requests queue the link's email of the account they find; Contact Us queues its message for the
    // support address.
    expect(queueing.sort()).toEqual(
      [
        eventHandlers.tableChanges,
        eventHandlers.endingSoonAlerts,
        eventHandlers.emailSender,
        "auth/register",
        "auth/resend-verification",
        "auth/forgot-password",
        "auth/reset-password",
        "me/put-email",
        "me/add-passkey",
        "me/confirm-two-factor",
        "support/create-message",
      ].sort(),
    );
    expect(JSON.stringify(byHandler(devFunctions, eventHandlers.tableChanges).env.EMAIL_QUEUE_URL)).toMatch(
      /NotificationsQueue/,
    );
    // The consumer reads nothing of the table (it writes only the Stats items: tests/infra/table-changes.test.ts);
    // the sender writes only its idempotency items and the outbox.
    expect(TABLE_GRANTS[eventHandlers.tableChanges]?.read).toEqual([]);
    expect(TABLE_GRANTS[eventHandlers.emailSender]).toEqual({
      // EMAIL# and ACCOUNTTOKEN#: a queued reset request finds its account by address and issues its link.
      read: ["USER#", "SELLER#", "EMAIL#"],
      // Web Push: the recipient's subscriptions (a gone one deleted) and the local push service's record.
      write: ["EMAILSENT#", "OUTBOX#", "PUSHSUB#", "PUSHENDPOINT#", "PUSHOUTBOX#", "ACCOUNTTOKEN#"],
      indexes: false,
    });
  });

  it("never deploys the local outbox or the local push service's record", () => {
    const local = httpRoutes.filter((r) => r.localStackOnly);
    expect(local.map((r) => r.handler)).toEqual(["dev/list-outbox", "dev/list-push"]);
    for (const s of [dev, prod]) {
      expect(
        resourcesOfType(s.json, "AWS::ApiGatewayV2::Route").some(([, r]) =>
          ["GET /api/dev/outbox", "GET /api/dev/push"].includes(r.Properties.RouteKey as string),
        ),
      ).toBe(false);
    }
    expect(
      [...devFunctions, ...prodFunctions].some((f) =>
        ["dev/list-outbox", "dev/list-push"].includes(f.handlerId),
      ),
    ).toBe(false);
  });
});
