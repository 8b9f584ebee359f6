import { type CfnElement, Duration, Stack } from "aws-cdk-lib";
import { WebSocketApi, WebSocketStage } from "aws-cdk-lib/aws-apigatewayv2";
import { WebSocketLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq } from "aws-cdk-lib/aws-lambda-event-sources";
import { Construct } from "constructs";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { eventHandlerNeeds, socketNeeds } from "../access.ts";
import { acknowledge } from "../nag.ts";
import { accessLogs, SOCKET_ACCESS_LOG_FIELDS } from "./access-logs.ts";
import { functionId } from "./api.ts";
import type { Data } from "./data.ts";
import { eventFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import { ProductFunction, type ProductFunctionDefaults } from "./product-function.ts";

/** The stage name doubles as the path: CloudFront forwards /ws unchanged to this stage. */
export const SOCKET_STAGE = "ws";

export interface RealtimeProps {
  socketRoutes: readonly { routeKey: string; handler: string }[];
  broadcasterHandler: string;
  defaults: ProductFunctionDefaults;
  data: Data;
  throttle: { rateLimit: number; burstLimit: number };
  /**
   * The WebSocket API and its $connect/$disconnect/$default functions (`-c live=websocket`). Without
   * it (the Event API carries live updates) only the broadcaster exists: it publishes.
   */
  socketApi: boolean;
}

/**
 * Live updates (docs/architecture.md section 4): the broadcaster that turns the table's stream and the
 * direct hand-off into bid_placed / auction_ended messages, and with `socketApi` the WebSocket API with
 * $connect, $disconnect and $default that it posts them to.
 */
export class Realtime extends Construct {
  readonly webSocketApi?: WebSocketApi;
  readonly stage?: WebSocketStage;
  readonly socketFunctions: ProductFunction[] = [];
  readonly broadcaster: ProductFunction;
  /** Batches the broadcaster gave up on (after retries and bisecting), kept for 14 days. */
  readonly broadcasterFailures: FailureQueue;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    if (props.socketApi) {
      const socket = this.addSocketApi(props);
      this.webSocketApi = socket.webSocketApi;
      this.stage = socket.stage;
      for (const { fn, needs } of socket.functions) {
        if (needs.postsToSockets) this.allowPosting(fn);
      }
    }

    this.broadcasterFailures = new FailureQueue(this, "BroadcasterFailures", {
      queueName: `${props.defaults.prefix}-broadcaster-failures`,
      description:
        "Stream batches the broadcaster gave up on (after retries and bisecting): live updates were lost",
    });
    this.broadcaster = eventFunction(this, "Broadcaster", {
      handlerId: props.broadcasterHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(30),
    });
    if (this.stage && eventHandlerNeeds(props.broadcasterHandler).postsToSockets)
      this.allowPosting(this.broadcaster);
    // The direct path (allowHandingOff): no retry, no dead letters. A state it fails to deliver comes
    // by the stream a second later, and a retried one would only be late.
    this.broadcaster.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    acknowledge(
      this.broadcaster,
      ["Serverless-LambdaDLQ", "Serverless-LambdaAsyncFailureDestination"],
      "Stream batches go to its event source's on-failure destination (broadcaster-failures); a failed direct hand-off (asynchronous, not retried) is delivered by the stream",
    );
    this.broadcaster.addEventSource(
      new DynamoEventSource(props.data.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        // Under a burst of bids, one invocation per second carries every bid of that second, and the
        // broadcaster sends one message per auction per batch. Clients poll every second anyway.
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 3,
        // A live update older than a minute is worthless: skip it rather than replay it.
        maxRecordAge: Duration.minutes(1),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.broadcasterFailures),
        filters: [auctionStateRecords()],
      }),
    );
  }

  /** The WebSocket API, its `ws` stage and one function per route. */
  private addSocketApi(props: RealtimeProps) {
    const webSocketApi = new WebSocketApi(this, "WebSocketApi", {
      apiName: `${props.defaults.prefix}-ws`,
      description: "Penny auction live updates (/ws)",
    });
    const socketFunctions = props.socketRoutes.map((route) => {
      const needs = socketNeeds(route.handler);
      const fn = new ProductFunction(this, functionId(route.handler), {
        handlerId: route.handler,
        defaults: props.defaults,
      })
        .invokedSynchronously("the WebSocket API")
        .bindTable(props.data.table, needs.table);
      if (needs.slidesSession) props.data.grantSessionAccess(fn);
      this.socketFunctions.push(fn);
      webSocketApi.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${fn.node.id}Integration`, fn),
      });
      return { fn, needs };
    });
    const stage = new WebSocketStage(this, "Stage", {
      webSocketApi,
      stageName: SOCKET_STAGE,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: accessLogs(this, "SocketAccessLogs", props.defaults, SOCKET_ACCESS_LOG_FIELDS),
    });
    acknowledge(
      webSocketApi,
      "AwsSolutions-APIG4",
      "Live updates are public; $connect checks the origin secret and reads the session cookie in its function, not in an authorizer",
    );
    return { webSocketApi, stage, functions: socketFunctions };
  }

  /** PostToConnection on this API's `ws` stage, and where its management endpoint is. */
  private allowPosting(fn: ProductFunction): void {
    if (!this.stage || !this.webSocketApi) return;
    this.stage.grantManagementApiAccess(fn);
    const apiLogicalId = Stack.of(this).getLogicalId(this.webSocketApi.node.defaultChild as CfnElement);
    acknowledge(
      fn,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiLogicalId}>/${SOCKET_STAGE}/*/@connections/*]`,
      "Connection ids exist only at run time: posting is limited to this API's ws stage",
    );
    fn.addEnvironment("WS_MANAGEMENT_ENDPOINT", this.stage.callbackUrl);
  }

  /**
   * Lets a function hand a new auction state to the broadcaster (live updates' direct path): invoke
   * the broadcaster and nothing else, and know its name.
   */
  allowHandingOff(fn: ProductFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["lambda:InvokeFunction"],
        resources: [this.broadcaster.functionArn],
      }),
    );
    fn.addEnvironment("BROADCASTER_FUNCTION_NAME", this.broadcaster.functionName);
  }

  /** wss://{apiId}.execute-api.{region}.amazonaws.com/ws, for direct use (browsers go through CloudFront). */
  get url(): string | undefined {
    return this.stage?.url;
  }

  /** {apiId}.execute-api.{region}.amazonaws.com: the origin CloudFront forwards /ws to. */
  get originDomainName(): string | undefined {
    if (!this.webSocketApi) return undefined;
    const stack = Stack.of(this);
    return `${this.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

/**
 * The broadcaster speaks only of auction items (isAuctionItem: pk AUCTION#..., sk STATE). Filtering at
 * the event source means sessions, bids, users and connections never invoke it: of a bid's three
 * writes, one record reaches the function.
 */
function auctionStateRecords() {
  const auction = keys.auction("");
  return FilterCriteria.filter({
    dynamodb: {
      Keys: {
        pk: { S: FilterRule.beginsWith(auction.pk) },
        sk: { S: FilterRule.isEqual(auction.sk) },
      },
    },
  });
}
