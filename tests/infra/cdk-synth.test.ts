import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "../../infra/bundling.ts";
import { templatesIn } from "./support/quotas.ts";

/** The environment of a machine with no AWS account: no credentials, no profile, no instance metadata. */
function environmentWithoutAws(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("AWS_")));
  return {
    ...env,
    AWS_CONFIG_FILE: "/nonexistent/aws-config",
    AWS_SHARED_CREDENTIALS_FILE: "/nonexistent/aws-credentials",
    AWS_EC2_METADATA_DISABLED: "true",
    CDK_DISABLE_CLI_TELEMETRY: "true",
    CI: "true",
  };
}

/** `cdk synth` of cdk.json's app into a fresh directory, as a machine with no AWS account runs it. */
function cdkSynth(...context: string[]) {
  return cdkSynthIn({}, ...context);
}

function cdkSynthIn(env: NodeJS.ProcessEnv, ...context: string[]) {
  const outdir = mkdtempSync(join(tmpdir(), "penny-cdk-synth-"));
  const result = spawnSync(
    join(projectRoot, "node_modules", ".bin", "cdk"),
    ["synth", "--quiet", "--no-notices", "--output", outdir, ...context.flatMap((c) => ["-c", c])],
    { cwd: projectRoot, env: { ...environmentWithoutAws(), ...env }, encoding: "utf8", timeout: 170_000 },
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  // Warnings of the app, of cdk-nag or of CloudFormation's own checks (the packs run in app.ts); npm's
  // complaints about this machine's npm configuration are not the app's.
  const output = `${result.stdout}\n${result.stderr}`
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"));
  expect(output.filter((line) => /\bwarn(ing)?\b/i.test(line))).toEqual([]);
  // No context lookup was needed (a lookup would call AWS): the assembly lists none as missing.
  const manifest = JSON.parse(readFileSync(join(outdir, "manifest.json"), "utf8"));
  expect(manifest.missing).toBeUndefined();
  return { outdir, manifest };
}

it("`cdk synth -c stage=prod` of cdk.json's app succeeds with no AWS credentials, no network, no Stripe key and no warning", () => {
  const { outdir, manifest } = cdkSynth("stage=prod");
  const templateFile = join(outdir, "PennyAuction-prod-data.template.json");
  expect(existsSync(templateFile)).toBe(true);
  const data = JSON.parse(readFileSync(templateFile, "utf8"));
  expect(
    Object.values(data.Resources).some((r) => (r as { Type: string }).Type === "AWS::DynamoDB::Table"),
  ).toBe(true);
  // The app stack reads the data stack's exports: `cdk deploy --all` deploys the data first.
  expect(manifest.artifacts["PennyAuction-prod"].dependencies).toContain("PennyAuction-prod-data");
  // The publishable key is read from SSM by CloudFormation at deploy (docs/deploy.md), in the template
  // of the config route's nested stack.
  const everything = templatesIn(outdir).map((t) => JSON.stringify(t.json));
  expect(everything.join("\n")).toContain("{{resolve:ssm:/penny-auction-prod/stripe/publishable-key}}");
});

it("`cdk synth -c stage=prod -c region=eu-west-1` writes the regional stack and its us-east-1 edge stack, with no warning", () => {
  const { outdir, manifest } = cdkSynth("stage=prod", "region=eu-west-1");
  expect(existsSync(join(outdir, "PennyAuction-prod.template.json"))).toBe(true);
  expect(existsSync(join(outdir, "PennyAuction-prod-edge.template.json"))).toBe(true);
  expect(manifest.artifacts["PennyAuction-prod-edge"].environment).toBe("aws://unknown-account/us-east-1");
});

it("`cdk synth -c stage=prod` with the credentials' region in eu-west-1 (AWS_REGION, no -c region) adds the us-east-1 edge stack, deployed first", () => {
  const { manifest } = cdkSynthIn({ AWS_REGION: "eu-west-1" }, "stage=prod");
  expect(manifest.artifacts["PennyAuction-prod-edge"].environment).toBe("aws://unknown-account/us-east-1");
  expect(manifest.artifacts["PennyAuction-prod"].environment).toBe("aws://unknown-account/eu-west-1");
  expect(manifest.artifacts["PennyAuction-prod-data"].dependencies).toContain("PennyAuction-prod-edge");
});
