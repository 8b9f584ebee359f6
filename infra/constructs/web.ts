import { existsSync } from "node:fs";
import { join } from "node:path";
import { Annotations, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from "aws-cdk-lib/aws-route53";
import { CloudFrontTarget } from "aws-cdk-lib/aws-route53-targets";
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from "aws-cdk-lib/aws-s3";
import { BucketDeployment, CacheControl, Source } from "aws-cdk-lib/aws-s3-deployment";
import { Construct } from "constructs";
import { ORIGIN_HEADER } from "../../functions/http/origin-lock.ts";
import type { HttpRoute } from "../../functions/routes.ts";
import { SESSION_COOKIE } from "../../shared/constants.ts";
import { projectRoot } from "../bundling.ts";
import {
  type ApiBehaviour,
  contentSecurityPolicy,
  planApiBehaviours,
  SPA_FALLBACK_FUNCTION,
  VIEWER_ADDRESS_FUNCTION,
} from "../edge.ts";
import { acknowledge } from "../nag.ts";
import { SOCKET_STAGE } from "./realtime.ts";

export const WEB_DIST = join(projectRoot, "web", "dist");

export interface WebProps {
  prefix: string;
  ephemeral: boolean;
  routes: readonly HttpRoute[];
  apiOriginDomain: string;
  /** The WebSocket API (`-c live=websocket`), served under /ws; none with the Event API. */
  socketOriginDomain?: string;
  /** Sent to both APIs as x-origin-verify (a template reference to the secret, not its value). */
  originSecret: string;
  stripe: boolean;
  domainName?: string;
  certificateArn?: string;
  hostedZone?: { id: string; name: string };
  /** The WAF Web ACL (ARN) in front of the distribution; none on stages that turned it off. */
  webAclArn?: string;
  /** Days CloudFront's standard logs are kept in the log bucket. */
  logRetentionDays: number;
  /** The Vite build to publish; when it is missing a placeholder page is published (see docs/deploy.md). */
  distDir?: string;
  /** Product photos, served under /media/* (the object keys start with media/). */
  media?: { bucketName: string; uploadOrigin: string };
  /** The Event API's realtime origin (wss://…), which the pages connect to for live updates. */
  liveOrigin?: string;
}

/**
 * One origin for page, API and socket (docs/architecture.md section 1): CloudFront serves the SPA from a private
 * bucket, /api/* from the HTTP API (never cached, except the 1 s public auction reads) and /ws from the
 * WebSocket API, with the security headers on every answer.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  /** CloudFront's standard logs (prefix cloudfront/), expired after the stage's log retention. */
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  /** https://<custom domain or CloudFront domain> */
  readonly siteUrl: string;
  /** Every origin a browser may load the site from (CSRF: ALLOWED_ORIGINS). */
  readonly siteOrigins: string[];

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.bucket = this.siteBucket(props);
    this.logBucket = this.cloudFrontLogBucket(props);
    const securityHeaders = this.securityHeaders(props);
    const additionalBehaviors = this.apiAndMediaBehaviours(props, securityHeaders);
    this.distribution = this.createDistribution(props, securityHeaders, additionalBehaviors);
    const cloudFrontOrigin = `https://${this.distribution.distributionDomainName}`;
    this.siteUrl = props.domainName ? `https://${props.domainName}` : cloudFrontOrigin;
    this.siteOrigins = props.domainName ? [this.siteUrl, cloudFrontOrigin] : [cloudFrontOrigin];

    this.aliasRecords(props);
    this.publish(props.distDir ?? WEB_DIST);
    this.acknowledgeDeploymentHandler();
  }

  /** The custom domain's A and AAAA aliases to the distribution, when the stage names its zone. */
  private aliasRecords(props: WebProps): void {
    if (props.domainName && props.hostedZone) {
      const zone = HostedZone.fromHostedZoneAttributes(this, "Zone", {
        hostedZoneId: props.hostedZone.id,
        zoneName: props.hostedZone.name,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      new ARecord(this, "AliasV4", { zone, recordName: props.domainName, target });
      new AaaaRecord(this, "AliasV6", { zone, recordName: props.domainName, target });
    }
  }

  /** The SPA's private bucket: only CloudFront reads it. */
  private siteBucket(props: WebProps): Bucket {
    const bucket = new Bucket(this, "Site", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.ephemeral,
    });
    acknowledge(
      bucket,
      "AwsSolutions-S1",
      "Only CloudFront reads it (Origin Access Control), and CloudFront's standard logs record every request",
    );
    return bucket;
  }

  /** Where CloudFront's standard logs go, expired after the stage's log retention. */
  private cloudFrontLogBucket(props: WebProps): Bucket {
    const logBucket = new Bucket(this, "Logs", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront's standard logs are delivered with an ACL (awslogsdelivery), and only to SSE-S3.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(props.logRetentionDays) }],
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.ephemeral,
    });
    acknowledge(logBucket, "AwsSolutions-S1", "It is the log bucket: logging its own access would loop");
    return logBucket;
  }

  /** The security headers every answer carries: HSTS, the CSP, no framing, the referrer and permissions policies. */
  private securityHeaders(props: WebProps): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, "SecurityHeaders", {
      responseHeadersPolicyName: `${props.prefix}-security-headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            stripe: props.stripe,
            uploadOrigin: props.media?.uploadOrigin,
            liveOrigin: props.liveOrigin,
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()", override: true },
        ],
      },
    });
  }

  /**
   * /api/* uncached with the viewer's address, the public reads cached at the edge for their route's
   * time (one cache policy per distinct time), /media/* from the media bucket and /ws from the socket API.
   */
  private apiAndMediaBehaviours(
    props: WebProps,
    securityHeaders: ResponseHeadersPolicy,
  ): Record<string, BehaviorOptions> {
    // Both APIs answer only requests carrying the secret (functions/http/origin-lock.ts).
    const originHeaders = { [ORIGIN_HEADER]: props.originSecret };
    const apiOrigin = new HttpOrigin(props.apiOriginDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      customHeaders: originHeaders,
    });
    const viewerAddress = new EdgeFunction(this, "ViewerAddress", {
      functionName: `${props.prefix}-viewer-address`,
      comment: "Passes the viewer's IP to the API (login rate limit per IP)",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_ADDRESS_FUNCTION),
    });
    // Everything the browser sent except Host (API Gateway answers only to its own host name).
    const uncachedApi: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    const publicReadForwarding = new OriginRequestPolicy(this, "PublicReadForwarding", {
      originRequestPolicyName: `${props.prefix}-public-reads`,
      comment: "Edge-cached public reads: query string only; no cookie, so every viewer gets the same answer",
      cookieBehavior: OriginRequestCookieBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.none(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });
    const cachePolicies = new Map<string, CachePolicy>();
    for (const behaviour of planApiBehaviours(props.routes)) {
      if (behaviour.cacheSeconds === undefined) {
        additionalBehaviors[behaviour.pathPattern] = uncachedApi;
        continue;
      }
      const cachePolicy = this.readCachePolicy(props, behaviour.cacheSeconds, behaviour, cachePolicies);
      additionalBehaviors[behaviour.pathPattern] = {
        ...uncachedApi,
        cachedMethods: CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        originRequestPolicy: publicReadForwarding,
        compress: true,
        // Anonymous cached reads need no viewer address; an edge function on them would bill every poll.
        functionAssociations: [],
      };
    }
    additionalBehaviors["/api/*"] = uncachedApi;
    if (props.media) {
      // Photos never change under a key (each upload gets a new one): cached like the hashed assets.
      additionalBehaviors["/media/*"] = {
        origin: S3BucketOrigin.withOriginAccessControl(
          // By name: the bucket is the data stack's, and its policy already lets CloudFront read
          // (infra/constructs/media.ts); OAC must not add one naming this distribution there.
          Bucket.fromBucketName(this, "MediaBucket", props.media.bucketName),
        ),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
      };
    }
    if (props.socketOriginDomain) {
      const socketOrigin = new HttpOrigin(props.socketOriginDomain, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: originHeaders,
      });
      additionalBehaviors[`/${SOCKET_STAGE}`] = { ...uncachedApi, origin: socketOrigin };
    }
    return additionalBehaviors;
  }

  /** The edge cache policy of a cached read, one per distinct (time, personal, longest) triple. */
  private readCachePolicy(
    props: WebProps,
    seconds: number,
    behaviour: ApiBehaviour,
    cachePolicies: Map<string, CachePolicy>,
  ): CachePolicy {
    const personal = behaviour.sessionInKey === true;
    const maxSeconds = behaviour.maxCacheSeconds ?? seconds;
    const longest = maxSeconds > seconds ? `-up-to-${maxSeconds}s` : "";
    const policyKey = `${seconds}${personal ? "-personal" : ""}${longest}`;
    let cachePolicy = cachePolicies.get(policyKey);
    if (!cachePolicy) {
      // min = max = the route's time: the handlers answer `no-store` for browsers, the edge still holds
      // the answer this long, so a thousand watchers polling every second cost one Lambda call.
      // A personal route keys on the session cookie: anonymous viewers still share one answer; a
      // signed-in viewer's request reaches the API with its cookie, which answers `private, no-store`.
      // A route with immutable answers: the edge honours their long s-maxage (the handler sends it
      // only for answers that can never change), and the others still get `seconds`.
      cachePolicy = new CachePolicy(
        this,
        `${personal ? "PersonalReads" : "PublicReads"}${seconds}s${longest ? "Immutable" : ""}`,
        {
          cachePolicyName: `${props.prefix}-${personal ? "personal" : "public"}-reads-${seconds}s${longest ? "-immutable" : ""}`,
          minTtl: Duration.seconds(seconds),
          defaultTtl: Duration.seconds(seconds),
          maxTtl: Duration.seconds(maxSeconds),
          cookieBehavior: personal
            ? CacheCookieBehavior.allowList(SESSION_COOKIE, `__Host-${SESSION_COOKIE}`)
            : CacheCookieBehavior.none(),
          headerBehavior: CacheHeaderBehavior.none(),
          queryStringBehavior: CacheQueryStringBehavior.all(),
          enableAcceptEncodingGzip: true,
          enableAcceptEncodingBrotli: true,
        },
      );
      cachePolicies.set(policyKey, cachePolicy);
    }
    return cachePolicy;
  }

  /** The distribution: the SPA by default (client routes get their prerendered shell), and its acknowledged findings. */
  private createDistribution(
    props: WebProps,
    securityHeaders: ResponseHeadersPolicy,
    additionalBehaviors: Record<string, BehaviorOptions>,
  ): Distribution {
    const spaFallback = new EdgeFunction(this, "SpaFallback", {
      functionName: `${props.prefix}-spa-fallback`,
      comment: "Client-side routes of the SPA get their prerendered shell",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_FUNCTION),
    });

    const certificate = props.certificateArn
      ? Certificate.fromCertificateArn(this, "Certificate", props.certificateArn)
      : undefined;
    const distribution = new Distribution(this, "Distribution", {
      comment: props.prefix,
      defaultRootObject: "index.html",
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: "cloudfront/",
      // Session cookies stay out of the logs.
      logIncludesCookies: false,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.domainName && certificate
        ? {
            domainNames: [props.domainName],
            certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
    });
    // The media bucket's policy is the data stack's (infra/constructs/media.ts), not OAC's to write.
    Annotations.of(this).acknowledgeWarning(
      "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
      "The media bucket's own policy lets CloudFront read (infra/constructs/media.ts)",
    );
    acknowledge(
      distribution,
      "AwsSolutions-CFR1",
      "A marketplace open to every country: no geo restriction (sanctions are the payment provider's check)",
    );
    if (!props.webAclArn) {
      acknowledge(
        distribution,
        "AwsSolutions-CFR2",
        "WAF turned off for this stage (-c waf=false; the default for disposable stages, to save its monthly cost)",
      );
    }
    if (!props.domainName) {
      acknowledge(
        distribution,
        "AwsSolutions-CFR4",
        "No custom domain: the *.cloudfront.net certificate's TLS policy is CloudFront's to set; a domain gets TLSv1.2_2021",
      );
    }
    return distribution;
  }

  /** BucketDeployment's handler is CDK's own singleton (one per stack), outside this construct. */
  private acknowledgeDeploymentHandler(): void {
    const siteBucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    for (const handler of Stack.of(this).node.children) {
      if (!handler.node.id.startsWith("Custom::CDKBucketDeployment")) continue;
      acknowledge(
        handler,
        [
          "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
          "AwsSolutions-IAM5[Resource::*]",
          "AwsSolutions-IAM5[Action::s3:List*]",
          "AwsSolutions-IAM5[Action::s3:GetObject*]",
          "AwsSolutions-IAM5[Action::s3:GetBucket*]",
          "AwsSolutions-IAM5[Action::s3:DeleteObject*]",
          "AwsSolutions-IAM5[Action::s3:Abort*]",
          `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
          "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]",
        ],
        "CDK's BucketDeployment handler: copies the built site from the CDK assets bucket into the site bucket and invalidates CloudFront",
      );
      acknowledge(
        handler,
        [
          "AwsSolutions-L1",
          "Serverless-LambdaLatestVersion",
          "Serverless-LambdaTracing",
          "Serverless-LambdaDLQ",
        ],
        "CDK's BucketDeployment handler (runtime chosen by CDK), run only by CloudFormation during a deploy, which reports its failures",
      );
    }
  }

  /**
   * Hashed files under assets/ are immutable and kept across deploys (a page loaded before a deploy
   * still finds its chunks); everything else (index.html, favicon, images, the manifest, the service
   * worker /sw.js, which must never be served stale) is revalidated every time.
   */
  private publish(distDir: string): void {
    if (!existsSync(join(distDir, "index.html"))) {
      // Information, not a warning: synthesis without a web build is normal (tests, `npm run synth`),
      // and `npm run deploy` always builds it first.
      Annotations.of(this).addInfo(
        `${distDir} has no index.html: a placeholder page is published. Build the web first (npm run deploy does).`,
      );
      new BucketDeployment(this, "Placeholder", {
        sources: [Source.data("index.html", PLACEHOLDER_PAGE)],
        destinationBucket: this.bucket,
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ["/*"],
        memoryLimit: 512,
      });
      return;
    }
    // Source maps stay out of the public bucket: they would publish the whole source (docs/decisions.md).
    const assets = new BucketDeployment(this, "HashedAssets", {
      sources: [Source.asset(distDir, { exclude: ["*", "!assets", "!assets/**", ...SOURCE_MAPS] })],
      destinationBucket: this.bucket,
      cacheControl: [CacheControl.fromString("public, max-age=31536000, immutable")],
      prune: false,
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, "Pages", {
      sources: [Source.asset(distDir, { exclude: ["assets", "assets/**", WEB_MANIFEST, ...SOURCE_MAPS] })],
      destinationBucket: this.bucket,
      // Published by the deployments of their own: the Pages deployment's prune must leave them.
      exclude: ["assets/*", WEB_MANIFEST],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ["/*"],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    if (existsSync(join(distDir, WEB_MANIFEST))) {
      // Its own content type, which S3 would not guess from the extension (browsers want it for the manifest).
      const manifest = new BucketDeployment(this, "WebManifest", {
        sources: [Source.asset(distDir, { exclude: ["*", `!${WEB_MANIFEST}`] })],
        destinationBucket: this.bucket,
        contentType: "application/manifest+json",
        cacheControl: [CacheControl.noCache()],
        prune: false,
        memoryLimit: 512,
      });
      // Before the Pages deployment, whose invalidation of /* then covers it too.
      pages.node.addDependency(manifest);
    }
  }
}

const SOURCE_MAPS = ["*.map", "**/*.map"];
/** The installable app's manifest (web/public/manifest.webmanifest), linked from every page. */
const WEB_MANIFEST = "manifest.webmanifest";

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Penny Auction</title></head>
<body><h1>Penny Auction</h1><p>The web app was not built when this stack was deployed. Run <code>npm run deploy</code>, which builds it first.</p></body></html>`;
