import { CfnOutput } from "aws-cdk-lib";
import { AppSyncAuthorizationType, ChannelNamespace, EventApi } from "aws-cdk-lib/aws-appsync";
import type { IGrantable } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import type { ProductFunction } from "./product-function.ts";

/** The stage setting `-c live=events|websocket` (default events): where live updates go. */
export type LiveTransport = "events" | "websocket";

export function liveTransportOf(scope: Construct): LiveTransport {
  const asked = scope.node.tryGetContext("live") as string | undefined;
  if (asked === undefined || asked === "events") return "events";
  if (asked === "websocket") return "websocket";
  throw new Error(`-c live=${asked}: expected events or websocket`);
}

/** The channel namespace of live updates: `/auctions/<auctionId>` (functions/domain/realtime-messages.ts). */
export const AUCTIONS_NAMESPACE = "auctions";

export interface LiveEventsProps {
  prefix: string;
}

/**
 * Live updates on AWS AppSync Events (docs/architecture.md section 4): an Event API with the
 * namespace `auctions`. Browsers connect and subscribe with the public API key (read-only: the key
 * cannot publish); publishing is IAM only, granted to the one function that publishes (the
 * broadcaster). The API keeps its own domain: CloudFront does not proxy WebSockets of another
 * origin's protocol for us, and the key is public anyway (docs/decisions.md).
 */
export class LiveEvents extends Construct {
  readonly api: EventApi;
  readonly namespace: ChannelNamespace;

  constructor(scope: Construct, id: string, props: LiveEventsProps) {
    super(scope, id);
    this.api = new EventApi(this, "EventApi", {
      apiName: `${props.prefix}-live`,
      authorizationConfig: {
        authProviders: [
          { authorizationType: AppSyncAuthorizationType.API_KEY },
          { authorizationType: AppSyncAuthorizationType.IAM },
        ],
        connectionAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultSubscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultPublishAuthModeTypes: [AppSyncAuthorizationType.IAM],
      },
    });
    // The keys are the scheduled rotation's (constructs/realtime-api-keys.ts), not CloudFormation's.
    this.api.node.tryRemoveChild("DefaultApiKey");
    delete this.api.apiKeys.Default;
    this.namespace = new ChannelNamespace(this, "Auctions", {
      api: this.api,
      channelNamespaceName: AUCTIONS_NAMESPACE,
      authorizationConfig: {
        subscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        publishAuthModeTypes: [AppSyncAuthorizationType.IAM],
      },
    });
    new CfnOutput(this, "RealtimeEndpoint", { value: this.realtimeEndpoint });
  }

  get httpEndpoint(): string {
    return `https://${this.api.httpDns}/event`;
  }

  get realtimeEndpoint(): string {
    return `wss://${this.api.realtimeDns}/event/realtime`;
  }

  /** `wss://` origin the pages' CSP connect-src must allow. */
  get realtimeOrigin(): string {
    return `wss://${this.api.realtimeDns}`;
  }

  /** Publish to `auctions` (appsync:EventPublish on that namespace only), and where to. */
  allowPublishing(fn: ProductFunction & IGrantable): void {
    this.namespace.grantPublish(fn);
    fn.addEnvironment("EVENT_API_HTTP_ENDPOINT", this.httpEndpoint);
  }

  /** What GET /api/config serves: the endpoints (the public subscribe key is the rotation's, in the table). */
  allowServingConfig(fn: ProductFunction): void {
    fn.addEnvironment("EVENT_API_HTTP_ENDPOINT", this.httpEndpoint);
    fn.addEnvironment("EVENT_API_REALTIME_ENDPOINT", this.realtimeEndpoint);
  }
}
