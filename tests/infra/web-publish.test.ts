import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Stack } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { httpRoutes } from "../../functions/routes.ts";
import { Web } from "../../infra/constructs/web.ts";
import { fakeWebDist } from "./support/synth.ts";

function webStack(distDir: string, outdir = mkdtempSync(join(tmpdir(), "penny-web-"))) {
  const app = new App({ outdir });
  const stack = new Stack(app, "WebOnly");
  new Web(stack, "Web", {
    prefix: "penny-auction-test",
    ephemeral: true,
    routes: httpRoutes,
    apiOriginDomain: "api.example.com",
    socketOriginDomain: "ws.example.com",
    originSecret: "test-origin-secret",
    stripe: false,
    logRetentionDays: 7,
    distDir,
  });
  return stack;
}

/** Every file CDK staged for upload, relative to its asset directory. */
function stagedFiles(outdir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else files.push(`${prefix}${name}`);
    }
  };
  for (const name of readdirSync(outdir).filter((n) => n.startsWith("asset."))) {
    if (statSync(join(outdir, name)).isDirectory()) walk(join(outdir, name), "");
  }
  return files;
}

describe("publishing the web build", () => {
  it("publishes a placeholder page and says so when the Vite build is missing, so synth never needs a web build", () => {
    const stack = webStack(mkdtempSync(join(tmpdir(), "penny-empty-dist-")));
    const template = Template.fromStack(stack);
    template.resourceCountIs("Custom::CDKBucketDeployment", 1);
    template.hasResourceProperties("Custom::CDKBucketDeployment", { DistributionPaths: ["/*"] });
    Annotations.fromStack(stack).hasInfo(
      "/WebOnly/Web",
      Match.stringLikeRegexp("placeholder page is published"),
    );
  });

  it("keeps the build's source maps out of the public bucket", () => {
    const dist = fakeWebDist();
    writeFileSync(join(dist, "assets", "index-abc123.js.map"), "{}");
    writeFileSync(join(dist, "index.html.map"), "{}");
    const outdir = mkdtempSync(join(tmpdir(), "penny-web-maps-"));
    const stack = webStack(dist, outdir);
    (stack.node.root as App).synth();
    const staged = stagedFiles(outdir);
    expect(staged).toEqual(expect.arrayContaining(["assets/index-abc123.js", "index.html"]));
    expect(staged.filter((file) => file.endsWith(".map"))).toEqual([]);
  });

  it("publishes the app's manifest with its own content type, revalidated like the pages; the worker with the pages", () => {
    const dist = fakeWebDist();
    writeFileSync(join(dist, "manifest.webmanifest"), "{}");
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    const outdir = mkdtempSync(join(tmpdir(), "penny-web-manifest-"));
    const stack = webStack(dist, outdir);
    const template = Template.fromStack(stack);
    template.resourceCountIs("Custom::CDKBucketDeployment", 3);
    template.hasResourceProperties("Custom::CDKBucketDeployment", {
      SystemMetadata: Match.objectLike({
        "content-type": "application/manifest+json",
        "cache-control": "no-cache",
      }),
      Prune: false,
    });
    // The pages' deployment neither uploads the manifest again (without its type) nor prunes it.
    template.hasResourceProperties("Custom::CDKBucketDeployment", {
      Exclude: Match.arrayWith(["manifest.webmanifest"]),
      DistributionPaths: ["/*"],
    });
    (stack.node.root as App).synth();
    const staged = stagedFiles(outdir);
    expect(staged.filter((file) => file === "manifest.webmanifest")).toHaveLength(1);
    expect(staged).toContain("sw.js");
  });

  it("publishes hashed assets and pages separately when the build exists", () => {
    const stack = webStack(fakeWebDist());
    const template = Template.fromStack(stack);
    template.resourceCountIs("Custom::CDKBucketDeployment", 2);
    expect(Annotations.fromStack(stack).findInfo("*", Match.stringLikeRegexp("placeholder"))).toEqual([]);
  });
});
