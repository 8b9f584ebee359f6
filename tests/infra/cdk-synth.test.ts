import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "../../infra/bundling.ts";

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

it("`cdk synth` of cdk.json's app succeeds with no AWS credentials and no network", () => {
  const outdir = mkdtempSync(join(tmpdir(), "penny-cdk-synth-"));
  const result = spawnSync(
    join(projectRoot, "node_modules", ".bin", "cdk"),
    [
      "synth",
      "--quiet",
      "--no-notices",
      "--output",
      outdir,
      "-c",
      "stage=prod",
      "-c",
      "stripePublishableKey=pk_test_1",
    ],
    { cwd: projectRoot, env: environmentWithoutAws(), encoding: "utf8", timeout: 170_000 },
  );
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  // No context lookup was needed (a lookup would call AWS): the assembly lists none as missing.
  const manifest = JSON.parse(readFileSync(join(outdir, "manifest.json"), "utf8"));
  expect(manifest.missing).toBeUndefined();
  const templateFile = join(outdir, "PennyAuction-prod.template.json");
  expect(existsSync(templateFile)).toBe(true);
  const template = JSON.parse(readFileSync(templateFile, "utf8"));
  expect(
    Object.values(template.Resources).some((r) => (r as { Type: string }).Type === "AWS::DynamoDB::Table"),
  ).toBe(true);
});
