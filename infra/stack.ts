import { Annotations, CfnOutput, Stack, type StackProps, Tags, Token } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { eventHandlers, type HttpRoute, routesFor, socketRoutes } from "../functions/routes.ts";
import { eventHandlerNeeds } from "./access.ts";
import type { StageConfig } from "./config.ts";
import { Agents } from "./constructs/agents.ts";
import { Alarms } from "./constructs/alarms.ts";
import { Api } from "./constructs/api.ts";
import { ApiGatewayLogging } from "./constructs/api-gateway-logging.ts";
import type { Data } from "./constructs/data.ts";
import { Firewall } from "./constructs/firewall.ts";
import { retainHelperFunctionLogs } from "./constructs/helper-logs.ts";
import { LiveEvents, liveTransportOf } from "./constructs/live-events.ts";
import { LiveFirewall } from "./constructs/live-firewall.ts";
import type { Media } from "./constructs/media.ts";
import { Notifications } from "./constructs/notifications.ts";
import type { OriginSecret } from "./constructs/origin-secret.ts";
import { PaymentDeadlines } from "./constructs/payment-deadlines.ts";
import { Payments } from "./constructs/payments.ts";
import {
  logRemovalFor,
  ProductFunction,
  type ProductFunctionDefaults,
} from "./constructs/product-function.ts";
import { Push } from "./constructs/push.ts";
import { Realtime } from "./constructs/realtime.ts";
import { RealtimeApiKeys } from "./constructs/realtime-api-keys.ts";
import { Scheduling } from "./constructs/scheduling.ts";
import { SpotPrices } from "./constructs/spot-prices.ts";
import { TableChanges } from "./constructs/table-changes.ts";
import { Web } from "./constructs/web.ts";
import { retentionDays } from "./log-retention.ts";

export interface PennyAuctionStackProps extends StackProps {
  config: StageConfig;
  /** Overrides the web build directory (tests). */
  webDistDir?: string;
  /** The Web ACL another stack made in us-east-1 for this stage (infra/edge-stack.ts). */
  edgeWebAclArn?: string;
  /** The stage's table and origin secret, in their own stack (infra/data-stack.ts). */
  stores: { data: Data; originSecret: OriginSecret; media: Media };
}

/**
 * The product's app (docs/architecture.md section 1): functions, APIs (one nested stack per handler
 * area), queues, schedules, CloudFront and its buckets (site, logs), alarms. The table, the media
 * bucket and the origin secret are the data stack's (infra/data-stack.ts).
 */
export class PennyAuctionStack extends Stack {
  readonly config: StageConfig;
  readonly data: Data;
  readonly api: Api;
  readonly realtime: Realtime;
  /** The AppSync Event API of live updates (`-c live=events`, the default). */
  readonly liveEvents?: LiveEvents;
  /** The Event API's public key rotation (`-c live=events`). */
  readonly realtimeApiKeys?: RealtimeApiKeys;
  /** The Event API's regional Web ACL, where the stage has WAF (prod). */
  readonly liveFirewall?: LiveFirewall;
  readonly scheduling: Scheduling;
  readonly agents: Agents;
  readonly paymentDeadlines: PaymentDeadlines;
  readonly spotPrices: SpotPrices;
  readonly payments: Payments;
  readonly web: Web;
  readonly media: Media;
  readonly tableChanges: TableChanges;
  readonly alarms: Alarms;
  /** The stack's own WAF Web ACL, unless WAF is off or an existing one is given (webAclArn). */
  readonly firewall?: Firewall;
  readonly notifications: Notifications;

  constructor(scope: Construct, id: string, props: PennyAuctionStackProps) {
    super(scope, id, props);
    const config = props.config;
    this.config = config;
    Tags.of(this).add("app", "penny-auction");
    Tags.of(this).add("stage", config.stage);
    const webAclArn = config.webAclArn ?? props.edgeWebAclArn;
    checkStage(this, config, webAclArn);

    this.payments = new Payments(this, "Payments", { stripeMode: config.stripeMode, stripe: config.stripe });
    const defaults = functionDefaults(config, this.payments.publicEnvironment);
    this.data = props.stores.data;
    this.media = props.stores.media;
    const routes = deployedRoutes(config);

    this.scheduling = new Scheduling(this, "Scheduling", {
      defaults,
      closerHandler: eventHandlers.auctionCloser,
    });
    this.scheduling.closer.bindTable(this.data.table, eventHandlerNeeds(eventHandlers.auctionCloser).table);
    this.agents = new Agents(this, "Agents", {
      defaults,
      data: this.data,
      engineHandler: eventHandlers.agentEngine,
      sweepHandler: eventHandlers.agentSweep,
    });
    this.paymentDeadlines = new PaymentDeadlines(this, "PaymentDeadlines", {
      defaults,
      data: this.data,
      sweepHandler: eventHandlers.paymentDeadlineSweep,
    });
    this.spotPrices = new SpotPrices(this, "SpotPrices", {
      defaults,
      data: this.data,
      fetchHandler: eventHandlers.spotPriceFetch,
      everyMinutes: config.spotPriceIntervalMinutes,
      apiKeyParameter: config.spotPriceApiKeyParameterName,
    });

    const throttle = { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit };
    this.api = this.addHttpApi(routes, defaults, throttle);
    const live = liveTransportOf(this);
    this.realtime = this.addRealtime(defaults, throttle, live === "websocket");
    if (live === "events") {
      this.liveEvents = this.addLiveEvents(config.prefix);
      this.realtimeApiKeys = new RealtimeApiKeys(this, "RealtimeApiKeys", {
        defaults,
        data: this.data,
        rotationHandler: eventHandlers.realtimeApiKeyRotation,
        api: this.liveEvents.api,
      });
    }
    if (this.liveEvents && config.waf)
      this.liveFirewall = new LiveFirewall(this, "LiveFirewall", {
        prefix: config.prefix,
        eventApiArn: this.liveEvents.api.apiArn,
        connectionLimit: LIVE_CONNECTION_LIMIT,
      });
    this.lockApisToTheOrigin(props.stores.originSecret);

    this.firewall =
      config.waf && !webAclArn
        ? new Firewall(this, "Firewall", {
            prefix: config.prefix,
            authLimit: config.wafAuthLimit,
            bidLimit: config.wafBidLimit,
          })
        : undefined;
    this.notifications = this.addNotifications(defaults);
    this.tableChanges = new TableChanges(this, "TableChanges", {
      defaults,
      data: this.data,
      handler: eventHandlers.tableChanges,
      notifications: this.notifications,
    });

    this.web = this.addWeb(routes, props, webAclArn);
    this.linkFunctionsToTheSite();
    this.alarms = this.addAlarms();
    retainHelperFunctionLogs(this, { retention: defaults.logRetention, removal: defaults.logRemoval });
    this.addOutputs();
  }

  /** The HTTP API, one function per route, with the stricter throttle on login and registration. */
  private addHttpApi(
    routes: readonly HttpRoute[],
    defaults: ProductFunctionDefaults,
    throttle: { rateLimit: number; burstLimit: number },
  ): Api {
    const config = this.config;
    return new Api(this, "Api", {
      routes,
      defaults,
      data: this.data,
      scheduling: this.scheduling,
      payments: this.payments,
      agents: this.agents,
      media: this.media,
      throttle,
      strictRoutes: {
        routes: routes.filter((r) =>
          ["auth/login", "auth/login-two-factor", "auth/register"].includes(r.handler),
        ),
        rateLimit: config.authRateLimit,
        burstLimit: config.authBurstLimit,
      },
    });
  }

  /** The Event API: the broadcaster publishes to it, GET /api/config tells the pages where it is. */
  private addLiveEvents(prefix: string): LiveEvents {
    const live = new LiveEvents(this, "LiveEvents", { prefix });
    live.allowPublishing(this.realtime.broadcaster);
    for (const fn of this.api.functions)
      if (fn.handlerId === "config/get-config") live.allowServingConfig(fn);
    return live;
  }

  /**
   * The broadcaster, which the functions that change an auction hand new states to, and with
   * `-c live=websocket` the WebSocket API it posts them to.
   */
  private addRealtime(
    defaults: ProductFunctionDefaults,
    throttle: { rateLimit: number; burstLimit: number },
    socketApi: boolean,
  ): Realtime {
    const realtime = new Realtime(this, "Realtime", {
      socketRoutes,
      broadcasterHandler: eventHandlers.broadcaster,
      defaults,
      data: this.data,
      throttle,
      socketApi,
    });
    // Built before the broadcaster existed: a bid, the agent engine, the closer and the reads that end
    // auctions hand it new states.
    for (const fn of this.productFunctions()) {
      if (eventHandlerNeeds(fn.handlerId).handsOffLiveUpdates) realtime.allowHandingOff(fn);
    }
    if (this.config.apiGatewayCloudWatchRole === "create") {
      const logging = new ApiGatewayLogging(this, "ApiGatewayLogging");
      realtime.stage?.node.addDependency(logging.account);
      this.api.stage.node.addDependency(logging.account);
    }
    return realtime;
  }

  /**
   * Every HTTP route and the socket's $connect check the origin secret (functions/http/origin-lock.ts);
   * $disconnect and $default run only on a connection $connect accepted.
   */
  private lockApisToTheOrigin(originSecret: OriginSecret): void {
    const connect = this.realtime.socketFunctions.filter((fn) => fn.handlerId === CONNECT_HANDLER);
    for (const fn of [...this.api.functions, ...connect]) originSecret.allowReading(fn);
  }

  /**
   * The email pipeline and the ending-soon sweep, from the stage's sender address or domain; the
   * sender also pushes the alerts (Web Push, its VAPID keys in SSM).
   */
  private addNotifications(defaults: ProductFunctionDefaults): Notifications {
    const config = this.config;
    const from =
      config.emailFrom ??
      (config.domainName ? `no-reply@${config.domainName}` : placeholderFrom(config.stage));
    const notifications = new Notifications(this, "Notifications", {
      defaults,
      data: this.data,
      senderHandler: eventHandlers.emailSender,
      alertSweepHandler: eventHandlers.endingSoonAlerts,
      from,
      domain: config.domainName ? { name: config.domainName, zone: hostedZoneOf(config) } : undefined,
    });
    // Built before the email queue existed: the routes that send account links queue them.
    for (const fn of this.api.functions) {
      if (eventHandlerNeeds(fn.handlerId).queuesEmails) notifications.allowQueueing(fn);
    }
    const push = new Push(this, "Push", { vapid: config.vapid, subject: `mailto:${from}` });
    push.allowSending(notifications.sender);
    for (const fn of this.api.functions) {
      if (eventHandlerNeeds(fn.handlerId).publishesPushKey) push.allowReadingPublicKey(fn);
    }
    return notifications;
  }

  /** CloudFront in front of the site, the APIs and the media, and the origins browsers may upload from. */
  private addWeb(routes: readonly HttpRoute[], props: PennyAuctionStackProps, webAclArn?: string): Web {
    const config = this.config;
    const web = new Web(this, "Web", {
      prefix: config.prefix,
      ephemeral: config.ephemeral,
      routes,
      apiOriginDomain: this.api.originDomainName,
      socketOriginDomain: this.realtime.originDomainName,
      liveOrigin: this.liveEvents?.realtimeOrigin,
      originSecret: props.stores.originSecret.headerValue,
      stripe: config.stripeMode === "stripe",
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      hostedZone: hostedZoneOf(config),
      distDir: props.webDistDir,
      webAclArn: config.waf ? (webAclArn ?? this.firewall?.webAcl.attrArn) : undefined,
      logRetentionDays: config.logRetentionDays,
      media: { bucketName: this.media.bucketName, uploadOrigin: this.media.uploadOrigin },
    });
    // Not web.siteOrigins: the distribution's own name would make bucket -> distribution -> bucket a
    // cycle. Any CloudFront name may post, but only with a policy our upload route signed.
    this.media.allowBrowserUploadsFrom([
      ...(config.domainName ? [`https://${config.domainName}`] : []),
      "https://*.cloudfront.net",
    ]);
    return web;
  }

  /** Known only once the distribution exists: the origins a browser may send mutations from (CSRF), and where emails link back to. */
  private linkFunctionsToTheSite(): void {
    for (const fn of this.productFunctions())
      fn.addEnvironment("ALLOWED_ORIGINS", this.web.siteOrigins.join(","));
    this.notifications.sender.addEnvironment("SITE_URL", this.web.siteUrl);
  }

  private addAlarms(): Alarms {
    const config = this.config;
    return new Alarms(this, "Alarms", {
      prefix: config.prefix,
      email: config.alarmEmail,
      lambdaAlarms: config.lambdaAlarms,
      httpApi: this.api.httpApi,
      functions: this.productFunctions(),
      table: this.data.table,
      broadcaster: this.realtime.broadcaster,
      failureQueues: {
        BroadcasterFailures: this.realtime.broadcasterFailures,
        AuctionCloserFailures: this.scheduling.closerFailures,
        AgentCheckFailures: this.agents.failures,
        AgentSweepFailures: this.agents.sweepFailures,
        PaymentDeadlineSweepFailures: this.paymentDeadlines.failures,
        SpotPriceFetchFailures: this.spotPrices.failures,
        ...(this.realtimeApiKeys ? { RealtimeApiKeyRotationFailures: this.realtimeApiKeys.failures } : {}),
        EmailFailures: this.notifications.failures,
        StreamFailures: this.tableChanges.failures,
      },
      scheduleGroup: this.scheduling.group,
    });
  }

  private addOutputs(): void {
    new CfnOutput(this, "SiteUrl", { value: this.web.siteUrl, description: "Open this in a browser" });
    new CfnOutput(this, "ApiUrl", {
      value: `${this.web.siteUrl}/api`,
      description: "Same origin as the site",
    });
    if (this.realtime.webSocketApi) {
      new CfnOutput(this, "WebSocketUrl", {
        value: `${this.web.siteUrl.replace("https://", "wss://")}/ws`,
        description: "Same origin as the site",
      });
    }
    new CfnOutput(this, "TableName", {
      value: this.data.table.tableName,
      description: "TABLE_NAME for npm run create-admin",
    });
    new CfnOutput(this, "DistributionDomainName", { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, "AlarmTopicArn", { value: this.alarms.topic.topicArn });
    if (this.config.stripe) {
      new CfnOutput(this, "StripeWebhookUrl", {
        value: `${this.web.siteUrl}/api/stripe/webhook`,
        description:
          "Register this endpoint in Stripe (events payment_intent.succeeded, charge.refunded, charge.dispute.created)",
      });
    }
  }

  productFunctions(): ProductFunction[] {
    return this.node.findAll().filter((c): c is ProductFunction => c instanceof ProductFunction);
  }
}

/**
 * Requests per address per 5 minutes on the Event API: a page opens one connection and keeps it, so
 * this leaves a busy office's NAT hundreds of page loads and stops a loop within seconds.
 */
const LIVE_CONNECTION_LIMIT = 1000;

const CONNECT_HANDLER = socketRoutes.find((r) => r.routeKey === "$connect")!.handler;

/**
 * What a stage's settings rule out (the stack's own WAF outside us-east-1) and what they risk: local
 * payments on a stage that keeps data, emails that cannot be delivered.
 */
function checkStage(stack: Stack, config: StageConfig, webAclArn: string | undefined): void {
  if (config.waf && !webAclArn && !Token.isUnresolved(stack.region) && stack.region !== "us-east-1") {
    throw new Error(
      `Stage "${config.stage}": the stack's own WAF exists only in us-east-1 (CloudFront's rule), not ${stack.region}: deploy with -c region=${stack.region} (a us-east-1 edge stack is added), or pass -c webAclArn=<an ACL made in us-east-1> or -c waf=false`,
    );
  }
  if (config.stripeMode === "local" && !config.ephemeral) {
    Annotations.of(stack).addWarningV2(
      "penny-auction:local-payments",
      `Stage "${config.stage}" keeps data but uses the local payment provider: anyone can buy credits with the test card.`,
    );
  }
  if (!config.emailFrom && !config.domainName) {
    // Information, not a warning: a fresh clone must synthesize every stage cleanly, and the email
    // failure queue's alarm fires on the first email that could not go out (docs/deploy.md, `emailFrom`).
    Annotations.of(stack).addInfo(
      `Stage "${config.stage}" has no emailFrom nor domainName: emails go from ${placeholderFrom(config.stage)}, which SES cannot verify, and end in the email dead-letter queue.`,
    );
  }
}

/** What every function of the stage is given: its logs' fate and the stage's settings as environment. */
function functionDefaults(
  config: StageConfig,
  paymentsEnvironment: Record<string, string>,
): ProductFunctionDefaults {
  return {
    prefix: config.prefix,
    logRetention: retentionDays(config.logRetentionDays),
    logRemoval: logRemovalFor(config.ephemeral),
    environment: {
      POWERTOOLS_LOG_LEVEL: config.logLevel,
      AUCTION_DEFAULT_DURATION_SECONDS: String(config.auctionDefaultDurationSeconds),
      BID_VALUE: config.bidValue,
      REFERRAL_BIDS: String(config.referralBids),
      WIN_PAYMENT_DAYS: String(config.winPaymentDays),
      BUY_NOW_PAYMENT_DAYS: String(config.buyNowPaymentDays),
      SHIP_WITHIN_DAYS: String(config.shipWithinDays),
      REQUIRE_ADMIN_TWO_FACTOR: config.adminTwoFactor ? "1" : "0",
      SUPPORT_EMAIL: supportEmailOf(config),
      ...paymentsEnvironment,
    },
  };
}

function hostedZoneOf(config: Pick<StageConfig, "hostedZoneId" | "hostedZoneName">) {
  return config.hostedZoneId && config.hostedZoneName
    ? { id: config.hostedZoneId, name: config.hostedZoneName }
    : undefined;
}

/**
 * A stage with neither emailFrom nor a domain still synthesizes; its emails cannot be delivered. The
 * address names the stage: an SES identity is the account's and region's, so two stages side by side
 * must not both create the same one.
 */
export function placeholderFrom(stage: string): string {
  return `no-reply+${stage}@example.com`;
}

/** The stage's support address: its setting, else support@ its domain, else a placeholder naming the stage. */
function supportEmailOf(config: Pick<StageConfig, "supportEmail" | "domainName" | "stage">): string {
  return (
    config.supportEmail ??
    (config.domainName ? `support@${config.domainName}` : `support+${config.stage}@example.com`)
  );
}

/**
 * The route table, minus the local payment provider's routes when real Stripe is on, and minus
 * Stripe's webhook when it is not (the local provider credits in-process: no public webhook to forge).
 */
export function deployedRoutes(config: Pick<StageConfig, "stripeMode">): readonly HttpRoute[] {
  return routesFor(config.stripeMode);
}
