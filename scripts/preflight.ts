/**
 * npm run preflight -- -c stage=<stage> [-c region=...] [any other -c setting of the deploy]
 *
 * Read-only questions to the account your credentials point at, before `npm run deploy`: the account
 * and region, CDK's bootstrap, API Gateway's logging role, SES, the Lambda concurrency quota, Stripe's
 * parameters and the domain's certificate. Each line says ok, or what is wrong and the exact fix
 * (docs/deploy.md follows the same order). Exits 1 when a check fails.
 */
import { STSClient } from "@aws-sdk/client-sts";
import { stageRegion } from "../infra/regions.ts";
import { awsAccountFacts } from "./deploy/account-facts.ts";
import { formatCheck, preflightChecks } from "./deploy/preflight-checks.ts";
import { stageContext } from "./deploy/stage-context.ts";

const { config, region: given } = stageContext(process.argv.slice(2));
// The CDK app's rule (infra/regions.ts): -c region, else the credentials' region, which the SDK resolves as the CLI does.
const region = stageRegion(given) ?? (await new STSClient({}).config.region().catch(() => undefined));
if (!region) {
  console.error("No region: pass -c region=<region>, or export AWS_REGION=<region>.");
  process.exit(1);
}
console.log(`Preflight of stage "${config.stage}" (${config.stackName}) in ${region}\n`);
const checks = await preflightChecks({ config, region }, awsAccountFacts({ region }));
for (const check of checks) console.log(formatCheck(check));
const failed = checks.filter((c) => c.status === "fail").length;
console.log(failed ? `\n${failed} check(s) failed: fix them before npm run deploy.` : "\nReady to deploy.");
process.exit(failed ? 1 : 0);
