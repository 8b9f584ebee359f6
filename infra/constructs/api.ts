import { NestedStack, Stack } from "aws-cdk-lib";
import {
  HttpRoute as ApiGatewayRoute,
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRouteKey,
  HttpStage,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { Construct } from "constructs";
import type { HttpRoute } from "../../functions/routes.ts";
import { routeNeeds } from "../access.ts";
import { acknowledge } from "../nag.ts";
import { accessLogs, HTTP_ACCESS_LOG_FIELDS } from "./access-logs.ts";
import type { Agents } from "./agents.ts";
import type { Data } from "./data.ts";
import type { Media } from "./media.ts";
import type { Payments } from "./payments.ts";
import { ProductFunction, type ProductFunctionDefaults } from "./product-function.ts";
import type { Scheduling } from "./scheduling.ts";

export interface ApiProps {
  /** The routes this stage serves (functions/routes.ts, minus the local-payments ones in stripe mode). */
  routes: readonly HttpRoute[];
  defaults: ProductFunctionDefaults;
  data: Data;
  scheduling: Scheduling;
  payments: Payments;
  agents: Agents;
  media: Media;
  throttle: { rateLimit: number; burstLimit: number };
  /** Tighter throttling for these routes (method + path). */
  strictRoutes: { routes: readonly HttpRoute[]; rateLimit: number; burstLimit: number };
}

/**
 * The HTTP API behind /api/*: one route and one function per entry of the route table. Each handler
 * area (auth, auctions, admin, ...) is a nested stack holding its routes, integrations, functions,
 * roles and permissions: about six resources per route, so the API alone would fill most of one
 * template's 500 (docs/decisions.md, "Stacks").
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ProductFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, "HttpApi", {
      apiName: props.defaults.prefix,
      description: "Penny auction /api routes (functions/routes.ts)",
      createDefaultStage: false,
    });
    this.stage = new HttpStage(this, "DefaultStage", {
      httpApi: this.httpApi,
      stageName: "$default",
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: accessLogs(this, "HttpAccessLogs", props.defaults, HTTP_ACCESS_LOG_FIELDS),
    });

    const apiRoutes = new Map<string, Construct>();
    for (const route of props.routes) {
      const area = this.areaStack(route);
      const fn = this.routeFunction(area, route, props);
      this.functions.push(fn);
      const apiRoute = new ApiGatewayRoute(area, `${fn.node.id}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${fn.node.id}Integration`, fn),
      });
      apiRoutes.set(routeKey(route), apiRoute);
    }

    const strict = props.strictRoutes.routes.filter((route) => apiRoutes.has(routeKey(route)));
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    // RouteSettings is raw JSON to CloudFormation: its keys keep CloudFormation's casing.
    cfnStage.routeSettings = Object.fromEntries(
      strict.map((route) => [
        routeKey(route),
        {
          ThrottlingRateLimit: props.strictRoutes.rateLimit,
          ThrottlingBurstLimit: props.strictRoutes.burstLimit,
        },
      ]),
    );
    acknowledge(this.httpApi, "AwsSolutions-APIG4", SESSIONS_IN_FUNCTIONS);
    // A stage's route settings may only name routes that already exist.
    for (const route of strict) this.stage.node.addDependency(apiRoutes.get(routeKey(route))!);
  }

  /** https://{apiId}.execute-api.{region}.amazonaws.com: the origin CloudFront forwards /api/* to. */
  get originDomainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** The nested stack of the route's handler area ("admin/list-users" -> `Routes-admin`). */
  private areaStack(route: HttpRoute): NestedStack {
    const id = `Routes-${route.handler.split("/")[0]}`;
    return (this.node.tryFindChild(id) as NestedStack | undefined) ?? this.newAreaStack(id);
  }

  private newAreaStack(id: string): NestedStack {
    const stack = new NestedStack(this, id, { description: `Penny auction /api routes: ${id}` });
    acknowledge(stack, "AwsSolutions-APIG4", SESSIONS_IN_FUNCTIONS);
    return stack;
  }

  private routeFunction(scope: Construct, route: HttpRoute, props: ApiProps): ProductFunction {
    const needs = routeNeeds(route);
    const fn = new ProductFunction(scope, functionId(route.handler), {
      handlerId: route.handler,
      defaults: props.defaults,
    }).invokedSynchronously("the HTTP API");
    fn.bindTable(props.data.table, needs.table);
    props.data.grantSessionAccess(fn);
    if (needs.schedulesAuctionEnds) props.scheduling.allowScheduling(fn);
    if (needs.readsStripeSecrets) props.payments.allowStripeSecrets(fn);
    if (needs.queuesAgentChecks) props.agents.allowQueueing(fn);
    if (needs.signsPhotoUploads) props.media.allowSigningUploads(fn);
    if (needs.publishesStripeKey) props.payments.publishKeyTo(fn);
    return fn;
  }
}

const SESSIONS_IN_FUNCTIONS =
  "Sessions are checked in each function (functions/http/session.ts, role per route in functions/routes.ts), not by an API authorizer";

export function routeKey(route: HttpRoute): string {
  return `${route.method} ${route.path}`;
}

/** "auctions/place-bid" -> "AuctionsPlaceBid": a stable construct id per handler. */
export function functionId(handlerId: string): string {
  return handlerId
    .split(/[/-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}
