import * as z from "#shared/schemas/zod";

/**
 * One deployment stage, read from CDK context: `cdk.json` holds the defaults and a `stages` map,
 * `-c key=value` on the command line overrides any of them (`npx cdk deploy -c stage=prod`).
 */
const stageSettingsSchema = z.object({
  /** Names the stack and its resources: PennyAuction-<stage>. */
  stage: z.string().check(
    // Lambda names are penny-auction-<stage>-<area>-<handler>, at most 64 characters.
    z.regex(
      /^[a-z][a-z0-9-]{0,14}$/,
      "lower-case letters, digits and dashes, at most 15, starting with a letter",
    ),
  ),
  /** "local" = the built-in test-card provider (demo stages only); "stripe" = real Stripe. */
  stripeMode: z.enum(["local", "stripe"]),
  /**
   * Public, so a plain environment variable is fine. Without it, a stripe stage reads it at deploy
   * time from the SSM String parameter `stripePublishableKeyParameter` (so synthesis needs no key).
   */
  stripePublishableKey: z.optional(z.string()),
  stripePublishableKeyParameter: z.optional(z.string().check(z.startsWith("/"))),
  /** Names of SSM SecureString parameters you create before deploying (never the secrets themselves). */
  stripeSecretKeyParameter: z.optional(z.string().check(z.startsWith("/"))),
  stripeWebhookSecretParameter: z.optional(z.string().check(z.startsWith("/"))),
  /**
   * Web Push's VAPID key pair: an SSM String (the public key) and SecureString (the private key) you
   * create once per stage before deploying (`npm run create:vapid-keys`); default /<prefix>/push/...
   */
  vapidPublicKeyParameter: z.optional(z.string().check(z.startsWith("/"))),
  vapidPrivateKeyParameter: z.optional(z.string().check(z.startsWith("/"))),
  auctionDefaultDurationSeconds: z.coerce.number().check(z.integer(), z.positive()),
  /**
   * The Metals.Dev API key of the spot price fetch: an SSM SecureString you create before deploying
   * (docs/deploy.md, "Spot prices"); default /<prefix>/spot-prices/api-key.
   */
  spotPriceApiKeyParameter: z.optional(z.string().check(z.startsWith("/"))),
  /** Minutes between spot price fetches (EventBridge Scheduler); a price is stale after 60. */
  spotPriceIntervalMinutes: z.coerce.number().check(z.integer(), z.minimum(1), z.maximum(30)),
  /** What one bid earns toward Buy It Now, published in GET /api/config ("0.60"). */
  bidValue: z.coerce.string().check(z.regex(/^\d{1,4}(\.\d{1,2})?$/, "a dollar amount such as 0.60")),
  /** Free bids the inviter and the invited each get when an invitation is rewarded (docs/product.md, Invite friends). */
  referralBids: z.coerce.number().check(z.integer(), z.positive()),
  /** Days a winner has to pay a win, and a buyer a Buy It Now order (docs/decisions.md, Payment deadlines). */
  winPaymentDays: z.coerce.number().check(z.integer(), z.positive()),
  buyNowPaymentDays: z.coerce.number().check(z.integer(), z.positive()),
  /** Days a seller has to mark a paid order shipped; past them its buyer may cancel it for a full refund. */
  shipWithinDays: z.coerce.number().check(z.integer(), z.positive()),
  /**
   * Staff must sign in with an authenticator code, and an admin without one can only set it up. On
   * by default where data is kept (like the WAF); off on dev stages unless `-c adminTwoFactor=true`.
   */
  adminTwoFactor: z.pipe(
    z.transform((v: unknown) => (v === "true" ? true : v === "false" ? false : v)),
    z.boolean(),
  ),
  /** Custom domain for CloudFront; needs an ACM certificate in us-east-1 for that name. */
  domainName: z.optional(z.string()),
  certificateArn: z.optional(z.string().check(z.startsWith("arn:"))),
  /** With both, an alias record for domainName is created in that Route 53 zone (no lookup). */
  hostedZoneId: z.optional(z.string()),
  hostedZoneName: z.optional(z.string()),
  /**
   * The From address of the product's emails (SES). Default no-reply@<domainName>; a stage with no
   * domain should set an address it can verify, or its emails wait in the dead-letter queue.
   */
  emailFrom: z.optional(z.string().check(z.emailAddress())),
  /**
   * Where Contact Us messages are emailed, and the address the Contact Us page shows. Default
   * support@<domainName>; a stage with no domain uses a placeholder that names the stage.
   */
  supportEmail: z.optional(z.string().check(z.emailAddress())),
  /** Alarm notifications go to this address (a subscription to confirm by mail). */
  alarmEmail: z.optional(z.string().check(z.emailAddress())),
  /**
   * Lambda errors/throttles alarms: "per-function" watches each function of this stack (about $20 a
   * month of alarm metrics in prod: docs/deploy.md's cost table); "region" watches the account's
   * regional totals (2 metrics), exact when the account and region hold only this stage.
   */
  lambdaAlarms: z.enum(["per-function", "region"]),
  logLevel: z.enum(["DEBUG", "INFO", "WARN", "ERROR"]),
  logRetentionDays: z.coerce.number().check(z.integer(), z.positive()),
  /** Steady requests per second and burst for the whole HTTP API stage. */
  apiRateLimit: z.coerce.number().check(z.positive()),
  apiBurstLimit: z.coerce.number().check(z.integer(), z.positive()),
  /** Tighter limits for the password routes (login, register): brute force costs CPU (scrypt). */
  authRateLimit: z.coerce.number().check(z.positive()),
  authBurstLimit: z.coerce.number().check(z.integer(), z.positive()),
  /**
   * AWS WAF on the distribution (managed common + known-bad-inputs rules, per-address rate limits on
   * /api/auth/* and bids). On by default where data is kept; `-c waf=true` turns it on for a dev stage.
   */
  waf: z.pipe(
    z.transform((v: unknown) => (v === "true" ? true : v === "false" ? false : v)),
    z.boolean(),
  ),
  /** An existing CLOUDFRONT-scope Web ACL (made in us-east-1) instead of the stack's own: for stacks in other regions. */
  webAclArn: z.optional(z.string().check(z.startsWith("arn:"))),
  /** POSTs to /api/auth/* and bids per viewer address per 5 minutes the WAF lets through (then 429). */
  wafAuthLimit: z.coerce.number().check(z.integer(), z.minimum(10)),
  wafBidLimit: z.coerce.number().check(z.integer(), z.minimum(10)),
  /**
   * The origin secret's version CloudFront sends (`npm run rotate:origin-secret` passes the one it just
   * made); without it, the secret's current value.
   */
  originSecretVersion: z.optional(z.string()),
  /**
   * "create": the stack sets API Gateway's account-level CloudWatch Logs role (the WebSocket stage's
   * access log needs one); "existing": the account already has one (npm run preflight checks).
   */
  apiGatewayCloudWatchRole: z.enum(["create", "existing"]),
  /** "destroy" removes the table and bucket with the stack; anything else keeps them (RETAIN). */
  dataRemoval: z.enum(["retain", "destroy"]),
});

export type StageSettings = z.infer<typeof stageSettingsSchema>;

export interface StageConfig extends StageSettings {
  stackName: string;
  /** Resource name prefix: penny-auction-<stage>. */
  prefix: string;
  ephemeral: boolean;
  stripe?: {
    /** The key itself when given on the command line or in cdk.json; else read from the parameter at deploy. */
    publishableKey?: string;
    publishableKeyParameter: string;
    secretKeyParameter: string;
    webhookSecretParameter: string;
  };
  /** The SSM parameters of the VAPID keys (docs/deploy.md, "Web Push keys"). */
  vapid: { publicKeyParameter: string; privateKeyParameter: string };
  /** The SSM SecureString of the spot price provider's key (docs/deploy.md, "Spot prices"). */
  spotPriceApiKeyParameterName: string;
}

/** Stages whose data may be thrown away with the stack unless cdk.json says otherwise. */
const EPHEMERAL_STAGES = /^(dev|test|local)(-|$)/;

/**
 * What a disposable stage gets when cdk.json does not name it (`-c stage=dev-alice`): the dev stage's
 * test-card provider, the free regional Lambda alarms and short-lived logs.
 */
const DISPOSABLE_DEFAULTS = {
  stripeMode: "local",
  lambdaAlarms: "region",
  logRetentionDays: 3,
} as const;

/** No default payment provider for a stage that keeps its data: it must say which one it uses (docs/decisions.md). */
const DEFAULTS = {
  apiGatewayCloudWatchRole: "create",
  auctionDefaultDurationSeconds: 24 * 60 * 60,
  spotPriceIntervalMinutes: 15,
  bidValue: "0.60",
  referralBids: 10,
  winPaymentDays: 14,
  buyNowPaymentDays: 7,
  shipWithinDays: 5,
  logLevel: "INFO",
  logRetentionDays: 30,
  apiRateLimit: 500,
  apiBurstLimit: 1000,
  authRateLimit: 20,
  authBurstLimit: 40,
  lambdaAlarms: "per-function",
  // A person signing in or registering needs a handful; 100 in 5 minutes is a script.
  wafAuthLimit: 100,
  // Two bids a second for 5 minutes from one address, sustained: above any person in a bidding war
  // (several people behind one NAT included), below a bot hammering the bid route.
  wafBidLimit: 600,
} as const;

const SETTING_KEYS = Object.keys(stageSettingsSchema.shape) as (keyof StageSettings)[];

/** Reads a context value; the CLI passes every `-c` value as a string. */
export type ContextReader = (key: string) => unknown;

export function readStageConfig(context: ContextReader): StageConfig {
  const stage = String(context("stage") ?? "dev");
  const stages = (context("stages") ?? {}) as Record<string, Record<string, unknown>>;
  const overrides: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = context(key);
    if (value !== undefined && value !== "") overrides[key] = value;
  }
  const ephemeral = EPHEMERAL_STAGES.test(stage);
  const merged = {
    ...DEFAULTS,
    dataRemoval: ephemeral ? "destroy" : "retain",
    waf: !ephemeral,
    adminTwoFactor: !ephemeral,
    ...(ephemeral && !stages[stage] ? DISPOSABLE_DEFAULTS : {}),
    ...(stages[stage] ?? {}),
    ...overrides,
    stage,
  };
  const parsed = z
    .extend(stageSettingsSchema, { stripeMode: z.optional(stageSettingsSchema.shape.stripeMode) })
    .safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid settings for stage "${stage}": ${problems}`);
  }
  const { stripeMode, ...rest } = parsed.data;
  if (Boolean(rest.domainName) !== Boolean(rest.certificateArn)) {
    throw new Error(`Stage "${stage}": domainName and certificateArn go together`);
  }
  if (!stripeMode) {
    throw new Error(
      `Stage "${stage}" does not say which payment provider it uses: set stripeMode ("stripe", or "local" for a demo stage with the test card) in cdk.json's stages or with -c stripeMode=...`,
    );
  }
  const settings: StageSettings = { ...rest, stripeMode };
  const prefix = `penny-auction-${stage}`;
  return {
    ...settings,
    stackName: `PennyAuction-${stage}`,
    prefix,
    ephemeral: settings.dataRemoval === "destroy",
    stripe: settings.stripeMode === "stripe" ? stripeSettings(settings, prefix) : undefined,
    vapid: {
      publicKeyParameter: settings.vapidPublicKeyParameter ?? `/${prefix}/push/vapid-public-key`,
      privateKeyParameter: settings.vapidPrivateKeyParameter ?? `/${prefix}/push/vapid-private-key`,
    },
    spotPriceApiKeyParameterName: settings.spotPriceApiKeyParameter ?? `/${prefix}/spot-prices/api-key`,
  };
}

function stripeSettings(settings: StageSettings, prefix: string): StageConfig["stripe"] {
  if (settings.stripePublishableKey !== undefined && !settings.stripePublishableKey.startsWith("pk_")) {
    throw new Error(
      `Stage "${settings.stage}": stripePublishableKey must be a publishable key (pk_live_... or pk_test_...)`,
    );
  }
  return {
    publishableKey: settings.stripePublishableKey,
    publishableKeyParameter: settings.stripePublishableKeyParameter ?? `/${prefix}/stripe/publishable-key`,
    secretKeyParameter: settings.stripeSecretKeyParameter ?? `/${prefix}/stripe/secret-key`,
    webhookSecretParameter: settings.stripeWebhookSecretParameter ?? `/${prefix}/stripe/webhook-secret`,
  };
}
