/**
 * npm run rotate:origin-secret -- -c stage=<stage> [-c region=...]   (the operator's AWS credentials)
 *
 * Rotates the origin lock's secret (functions/http/origin-lock.ts) with no request refused:
 *   1. a new random value becomes the secret's AWSCURRENT version; the old one becomes AWSPREVIOUS.
 *      The functions accept both, and read the new one at the first request carrying it;
 *   2. after the functions' miss-refresh interval, `cdk deploy` with -c originSecretVersion=<the new
 *      version>: the template's reference changes, so CloudFormation resolves CloudFront's origin
 *      header again and CloudFront starts sending the new value, edge by edge.
 * The next rotation retires the value before the previous one. docs/deploy.md, "Rotating the origin secret".
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { PutSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { ORIGIN_SECRET_MISS_REFRESH_MS } from "../functions/http/origin-lock.ts";
import { stageContext } from "./deploy/stage-context.ts";
import { repoRoot } from "./local/paths.ts";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 48 letters and digits, like the value CloudFormation generated (no punctuation: it is a header value). */
function newSecretValue(): string {
  const bytes = randomBytes(96);
  let value = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte < 248) value += ALPHANUMERIC[byte % 62];
    if (value.length === 48) return value;
  }
  return newSecretValue();
}

const { config, args, region } = stageContext(process.argv.slice(2));
const secretId = `${config.prefix}/origin-secret`;
const client = new SecretsManagerClient(region ? { region } : {});
const { VersionId } = await client.send(
  new PutSecretValueCommand({ SecretId: secretId, SecretString: newSecretValue() }),
);
if (!VersionId) throw new Error(`Secrets Manager returned no version id for ${secretId}`);
console.log(
  `${secretId}: new version ${VersionId} is AWSCURRENT (the functions accept it and the previous one)`,
);
await sleep(ORIGIN_SECRET_MISS_REFRESH_MS + 5_000);

const deploy = spawnSync(
  "npx",
  [
    "cdk",
    "deploy",
    config.stackName,
    ...args,
    "-c",
    `originSecretVersion=${VersionId}`,
    "--require-approval",
    "never",
  ],
  { cwd: repoRoot, stdio: "inherit" },
);
if (deploy.status !== 0) {
  console.error(
    `cdk deploy failed: CloudFront still sends the previous value, which the functions accept until the next rotation. Run this command again.`,
  );
  process.exit(deploy.status ?? 1);
}
console.log("CloudFront now sends the new value.");
