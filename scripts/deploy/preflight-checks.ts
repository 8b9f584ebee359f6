import type { StageConfig } from "../../infra/config.ts";
import { stagePlan, US_EAST_1 } from "../../infra/regions.ts";
import type { AccountFacts, CloudFrontPolicyCounts } from "./account-facts.ts";

export interface Check {
  name: string;
  /** "fail" stops a deploy that would fail or a site that would not work; "warn" is worth knowing first. */
  status: "ok" | "warn" | "fail";
  detail: string;
  /** The exact command or setting that fixes it. */
  fix?: string;
}

/** The CDK bootstrap version this app's assets and deploy roles need (cdk.out's manifest: requiresBootstrapStackVersion). */
export const MIN_BOOTSTRAP_VERSION = 6;
/**
 * Concurrent executions the stage needs: a page load is a few API calls at once, and five pollers (the
 * broadcaster, the email consumer and sender, the stats aggregator, the Bid Agent engine) each hold
 * some while traffic flows. New accounts can start at 10, where bids would be throttled.
 */
export const MIN_LAMBDA_CONCURRENCY = 100;
/** What one stage's distribution adds to the account's CloudFront policies (infra/constructs/web.ts; the infra tests count them). */
export const CLOUDFRONT_POLICIES_PER_STAGE: CloudFrontPolicyCounts = {
  cache: 4,
  originRequest: 1,
  responseHeaders: 1,
};
/** CloudFront's default quota of custom policies of each kind per account. */
export const CLOUDFRONT_POLICY_QUOTA = 20;
const SES_PRODUCTION_ACCESS = "https://docs.aws.amazon.com/ses/latest/dg/request-production-access.html";

/** When the served Event API key is worth a warning: the rotation should have renewed it by then. */
export const LIVE_KEY_WARN_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PreflightTarget {
  config: StageConfig;
  region: string;
}

/** Every check of docs/deploy.md's preflight, in the order of that page. */
export async function preflightChecks(target: PreflightTarget, facts: AccountFacts): Promise<Check[]> {
  const { config, region } = target;
  const checks: Check[] = [];
  const run = async (name: string, check: () => Promise<Omit<Check, "name">>) => {
    try {
      checks.push({ name, ...(await check()) });
    } catch (error) {
      checks.push({
        name,
        status: "fail",
        detail: `could not ask AWS: ${(error as Error).name}: ${(error as Error).message}`,
        fix: "check the credentials' permissions (read-only access is enough) and the region",
      });
    }
  };

  let account = "<account>";
  await run("account", async () => {
    const identity = await facts.identity();
    account = identity.account;
    return { status: "ok", detail: `${identity.account} in ${region}, as ${identity.arn}` };
  });

  // The same rule as the CDK app (infra/regions.ts): what `cdk deploy --all` creates, region by region.
  const plan = stagePlan(config, region);
  const planRegions = [...new Set(plan.map((stack) => stack.region))];
  for (const planRegion of planRegions) {
    checks.push({
      name: `creates in ${planRegion}`,
      status: "ok",
      detail: plan
        .filter((stack) => stack.region === planRegion)
        .map((stack) => `${stack.name} (${stack.holds})`)
        .join("; "),
    });
  }
  for (const bootstrapRegion of planRegions) {
    await run(`CDK bootstrap (${bootstrapRegion})`, async () => {
      const version = await facts.bootstrapVersion(bootstrapRegion);
      const fix = `npx cdk bootstrap aws://${account}/${bootstrapRegion}`;
      // The deploy would stop at this region's first stack; do not start it until every region is ready.
      const stops = `npm run deploy would stop at ${plan.find((stack) => stack.region === bootstrapRegion)!.name}`;
      if (version === undefined) return { status: "fail", detail: `not bootstrapped: ${stops}`, fix };
      if (version < MIN_BOOTSTRAP_VERSION) {
        return {
          status: "fail",
          detail: `version ${version}, this app needs ${MIN_BOOTSTRAP_VERSION} or later: ${stops}`,
          fix,
        };
      }
      return { status: "ok", detail: `version ${version}` };
    });
  }

  await run("API Gateway CloudWatch Logs role", async () => {
    const role = await facts.apiGatewayCloudWatchRole();
    if (config.apiGatewayCloudWatchRole === "create") {
      return {
        status: "ok",
        detail: role
          ? `set (${role}); the stack sets its own (-c apiGatewayCloudWatchRole=existing keeps this one)`
          : "not set: the stack creates it",
      };
    }
    if (role) return { status: "ok", detail: `set (${role})` };
    return {
      status: "fail",
      detail:
        "not set, and the stage says the account has one (apiGatewayCloudWatchRole=existing): the WebSocket stage would fail to create",
      fix: "-c apiGatewayCloudWatchRole=create (the default), or set one: docs/deploy.md, step 3",
    };
  });

  await run("SES sending", async () => {
    const ses = await facts.sesAccount();
    if (!ses.sendingEnabled) {
      return {
        status: "fail",
        detail: "sending is paused for this account",
        fix: "the SES console's account dashboard says why",
      };
    }
    if (ses.productionAccess) return { status: "ok", detail: "production access" };
    return {
      status: "warn",
      detail: `sandbox: only verified recipients get mail (ask for production access: ${SES_PRODUCTION_ACCESS})`,
      fix: `aws sesv2 put-account-details --region ${region} --production-access-enabled --mail-type TRANSACTIONAL --website-url <site URL> --use-case-description "Auction account emails"`,
    };
  });

  const fromIdentity = config.emailFrom ?? config.domainName;
  await run("SES From identity", async () => {
    const setIt = `-c emailFrom=<an address you read> (SES mails it a link), or -c domainName=<your domain> with its certificate (DKIM records), for every deploy: cdk.json's stages.${config.stage}`;
    if (!fromIdentity || unverifiable(fromIdentity)) {
      return {
        status: "fail",
        detail: `${fromIdentity ? `${fromIdentity} is on a reserved example domain and` : "no emailFrom nor domainName: the placeholder From address (on example.com)"} cannot be verified: no email would be sent, each would wait in the email dead-letter queue`,
        fix: setIt,
      };
    }
    const identity = await facts.sesIdentity(fromIdentity);
    if (!identity) {
      return {
        status: "ok",
        detail: `${fromIdentity}: the stack creates it; verify it after the deploy (${config.emailFrom ? "the link SES mails" : "DKIM records"})`,
      };
    }
    return identity.verified
      ? { status: "ok", detail: `${fromIdentity}: verified` }
      : {
          status: "warn",
          detail: `${fromIdentity}: exists, not verified yet`,
          fix: config.emailFrom
            ? "click the link SES mailed to that address"
            : "add the DKIM records the SES console shows",
        };
  });

  await run("Lambda concurrency", async () => {
    const limit = await facts.lambdaConcurrency();
    if (limit >= MIN_LAMBDA_CONCURRENCY) return { status: "ok", detail: `${limit} concurrent executions` };
    return {
      status: "fail",
      detail: `${limit} concurrent executions: the stage needs at least ${MIN_LAMBDA_CONCURRENCY} (bids would be throttled)`,
      fix: `aws service-quotas request-service-quota-increase --region ${region} --service-code lambda --quota-code L-B99A9384 --desired-value 1000`,
    };
  });

  await run("CloudFront distributions", async () => {
    const count = await facts.cloudFrontDistributions();
    if (count > 0) return { status: "ok", detail: `${count} in the account` };
    return {
      status: "warn",
      detail:
        'none yet: AWS may refuse a new account its first one ("Your account must be verified before you can add new CloudFront resources"), and the deploy would stop at the distribution',
      fix: "if it does, open a case in the AWS Support Center (Account and billing) asking to verify the account for CloudFront, then deploy again",
    };
  });

  await run("CloudFront policies", async () => {
    const existing = await facts.cloudFrontPolicies();
    const kinds: [keyof CloudFrontPolicyCounts, string][] = [
      ["cache", "cache policies"],
      ["originRequest", "origin request policies"],
      ["responseHeaders", "response headers policies"],
    ];
    const left = kinds.map(([kind, label]) => ({
      label,
      after: existing[kind] + CLOUDFRONT_POLICIES_PER_STAGE[kind],
      needed: CLOUDFRONT_POLICIES_PER_STAGE[kind],
    }));
    const detail = left
      .map((k) => `${k.label} ${k.after - k.needed} + ${k.needed} of ${CLOUDFRONT_POLICY_QUOTA}`)
      .join(", ");
    const over = left.filter((k) => k.after > CLOUDFRONT_POLICY_QUOTA);
    if (over.length === 0) return { status: "ok", detail };
    return {
      status: "fail",
      detail: `${detail}: no room for this stage's ${over.map((k) => k.label).join(", ")}`,
      fix: "destroy a stage you no longer use (npx cdk destroy --all -c stage=<it>), or ask for more in the Service Quotas console (CloudFront, per AWS account)",
    };
  });

  if (config.stripe) {
    const stripe = config.stripe;
    const parameters = [
      ...(stripe.publishableKey
        ? []
        : [{ name: stripe.publishableKeyParameter, type: "String", value: "pk_live_..." }]),
      { name: stripe.secretKeyParameter, type: "SecureString", value: "sk_live_..." },
      { name: stripe.webhookSecretParameter, type: "SecureString", value: "whsec_placeholder" },
    ];
    for (const parameter of parameters) {
      await run(`Stripe parameter ${parameter.name}`, async () =>
        (await facts.parameterExists(parameter.name))
          ? { status: "ok", detail: "present" }
          : {
              status: "fail",
              detail: "missing",
              fix: `aws ssm put-parameter --region ${region} --type ${parameter.type} --name ${parameter.name} --value '${parameter.value}'`,
            },
      );
    }
  }

  await run("Web Push keys", async () => {
    const { publicKeyParameter, privateKeyParameter } = config.vapid;
    const present = await Promise.all(
      [publicKeyParameter, privateKeyParameter].map((name) => facts.parameterExists(name)),
    );
    if (present.every(Boolean))
      return { status: "ok", detail: `${publicKeyParameter}, ${privateKeyParameter}` };
    // The deploy works without them; only push does not (no browser can subscribe).
    return {
      status: "warn",
      detail: `missing ${[publicKeyParameter, privateKeyParameter].filter((_, i) => !present[i]).join(", ")}: no push until they exist`,
      fix: `npm run create:vapid-keys -- -c stage=${config.stage} -c region=${region}`,
    };
  });

  await run("live updates key", async () => {
    const served = await facts.servedLiveKey(config.prefix);
    if (!served) return { status: "ok", detail: "none served yet: the deploy serves the first" };
    const daysLeft = Math.floor((served.expiresAt - Date.now()) / DAY_MS);
    const detail = `${served.id.slice(0, 8)}… expires ${new Date(served.expiresAt).toISOString().slice(0, 10)} (${daysLeft} days)`;
    if (daysLeft > LIVE_KEY_WARN_DAYS) return { status: "ok", detail };
    // The rotation renews a key 30 days before it expires, every 6 hours: it has been failing.
    const fix = `the key rotation is failing: read /aws/lambda/${config.prefix}-realtime and the queue ${config.prefix}-realtime-api-key-rotation-failures, then run it once: aws lambda invoke --region ${region} --function-name ${config.prefix}-realtime-rotate-api-keys /dev/stdout`;
    return served.expiresAt <= Date.now()
      ? { status: "fail", detail: `${detail}: expired, pages get no live updates`, fix }
      : { status: "warn", detail: `${detail}: within ${LIVE_KEY_WARN_DAYS} days`, fix };
  });

  if (config.certificateArn && config.domainName) {
    const arn = config.certificateArn;
    const domain = config.domainName;
    await run("certificate", async () => {
      const requestIt = `aws acm request-certificate --region ${US_EAST_1} --domain-name ${domain} --validation-method DNS, validate it, then -c certificateArn=<its ARN>`;
      if (arn.split(":")[3] !== US_EAST_1) {
        return { status: "fail", detail: `${arn} is not in us-east-1 (CloudFront's rule)`, fix: requestIt };
      }
      const certificate = await facts.certificate(arn);
      if (!certificate)
        return { status: "fail", detail: `${arn} does not exist in this account`, fix: requestIt };
      if (!certificate.domains.some((name) => coversDomain(name, domain))) {
        return {
          status: "fail",
          detail: `it covers ${certificate.domains.join(", ")}, not ${domain}`,
          fix: requestIt,
        };
      }
      if (certificate.status !== "ISSUED") {
        return {
          status: "fail",
          detail: `${certificate.status}, not ISSUED`,
          fix: `add the validation CNAME that \`aws acm describe-certificate --region ${US_EAST_1} --certificate-arn ${arn}\` shows`,
        };
      }
      return { status: "ok", detail: `ISSUED in us-east-1 for ${domain}` };
    });
  }
  return checks;
}

/** Domains nobody can prove they own (RFC 2606 and 6761), as the placeholder From address uses. */
function unverifiable(identity: string): boolean {
  const domain = identity.slice(identity.lastIndexOf("@") + 1).toLowerCase();
  return /(^|\.)example\.(com|net|org)$/.test(domain) || /\.(example|test|invalid|localhost)$/.test(domain);
}

/** A certificate name covers a domain exactly, or as a wildcard one level down. */
export function coversDomain(certificateName: string, domain: string): boolean {
  if (certificateName === domain) return true;
  return (
    certificateName.startsWith("*.") && domain.slice(domain.indexOf(".") + 1) === certificateName.slice(2)
  );
}

export function formatCheck(check: Check): string {
  const label = { ok: "ok  ", warn: "warn", fail: "FAIL" }[check.status];
  return `${label} ${check.name}: ${check.detail}${check.fix ? `\n       fix: ${check.fix}` : ""}`;
}
