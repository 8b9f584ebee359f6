import type { StageConfig } from "../../infra/config.ts";
import type { AccountFacts } from "./account-facts.ts";

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
const US_EAST_1 = "us-east-1";

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

  const edgeStack = config.waf && !config.webAclArn && region !== US_EAST_1;
  for (const bootstrapRegion of edgeStack ? [region, US_EAST_1] : [region]) {
    await run(`CDK bootstrap (${bootstrapRegion})`, async () => {
      const version = await facts.bootstrapVersion(bootstrapRegion);
      const fix = `npx cdk bootstrap aws://${account}/${bootstrapRegion}`;
      if (version === undefined) return { status: "fail", detail: "not bootstrapped", fix };
      if (version < MIN_BOOTSTRAP_VERSION) {
        return {
          status: "fail",
          detail: `version ${version}, this app needs ${MIN_BOOTSTRAP_VERSION} or later`,
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
      detail: "sandbox: emails reach verified addresses only",
      fix: `aws sesv2 put-account-details --region ${region} --production-access-enabled --mail-type TRANSACTIONAL --website-url <site URL> --use-case-description "Auction account emails"`,
    };
  });

  const fromIdentity = config.emailFrom ?? config.domainName;
  await run("SES From identity", async () => {
    if (!fromIdentity) {
      return {
        status: "warn",
        detail: "no emailFrom nor domainName: emails cannot be sent and wait in the email dead-letter queue",
        fix: "-c emailFrom=you@example.com (SES mails it a link to click after the deploy)",
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
