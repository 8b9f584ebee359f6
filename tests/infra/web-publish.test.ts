import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, Stack } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { httpRoutes } from "../../functions/routes.ts";
import { Web } from "../../infra/constructs/web.ts";
import { fakeWebDist } from "./support/synth.ts";

function webStack(distDir: string) {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), "penny-web-")) });
  const stack = new Stack(app, "WebOnly");
  new Web(stack, "Web", {
    prefix: "penny-auction-test",
    ephemeral: true,
    routes: httpRoutes,
    apiOriginDomain: "api.example.com",
    socketOriginDomain: "ws.example.com",
    stripe: false,
    distDir,
  });
  return stack;
}

describe("publishing the web build", () => {
  it("publishes a placeholder page and warns when the Vite build is missing, so synth never needs a web build", () => {
    const stack = webStack(mkdtempSync(join(tmpdir(), "penny-empty-dist-")));
    const template = Template.fromStack(stack);
    template.resourceCountIs("Custom::CDKBucketDeployment", 1);
    template.hasResourceProperties("Custom::CDKBucketDeployment", { DistributionPaths: ["/*"] });
    Annotations.fromStack(stack).hasWarning(
      "/WebOnly/Web",
      Match.stringLikeRegexp("placeholder page is published"),
    );
  });

  it("publishes hashed assets and pages separately when the build exists", () => {
    const stack = webStack(fakeWebDist());
    const template = Template.fromStack(stack);
    template.resourceCountIs("Custom::CDKBucketDeployment", 2);
    expect(Annotations.fromStack(stack).findWarning("*", Match.stringLikeRegexp("placeholder"))).toEqual([]);
  });
});
