import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_KEY_PREFIX } from "../../functions/domain/photos.ts";
import { httpRoutes } from "../../functions/routes.ts";
import { type CfnJson, resourcesOfType, type Synthesized, synthDevStage } from "./support/synth.ts";
import {
  actionsOf,
  byHandler,
  type ProductFunctionView,
  productFunctions,
  referencedId,
  resourcesOf,
} from "./support/template-queries.ts";

let dev: Synthesized;
let functions: ProductFunctionView[];
let mediaBucketId: string;

beforeAll(() => {
  dev = synthDevStage();
  functions = productFunctions(dev.json);
  mediaBucketId = resourcesOfType(dev.json, "AWS::S3::Bucket").find(([id]) => /MediaPhotos/.test(id))![0];
}, 180_000);

const UPLOADER = "seller/create-upload";

describe("media bucket (product photos)", () => {
  it("keeps a replaced or deleted photo's previous version for 90 days", () => {
    const bucket = dev.json.Resources[mediaBucketId]!;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 }, Status: "Enabled" }),
    );
  });

  it("is private, encrypted, and refuses plain http", () => {
    const bucket = dev.json.Resources[mediaBucketId]!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0]).toMatchObject({
      ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" },
    });
    const policy = resourcesOfType(dev.json, "AWS::S3::BucketPolicy").find(
      ([, p]) => referencedId(p.Properties.Bucket) === mediaBucketId,
    )![1];
    const statements = policy.Properties.PolicyDocument.Statement as CfnJson[];
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: "Deny",
        Action: "s3:*",
        Condition: { Bool: { "aws:SecureTransport": "false" } },
      }),
    );
    // CloudFront (through Origin Access Control) is the only reader; in dev the auto-delete role empties it.
    const allowed = statements.filter((s) => s.Effect === "Allow");
    const readers = allowed.filter((s) => actionsOf(s as never).includes("s3:GetObject"));
    expect(readers).toHaveLength(1);
    expect(readers[0].Principal).toEqual({ Service: "cloudfront.amazonaws.com" });
    // Any distribution of the account: naming the app stack's would make the stacks depend on each other.
    expect(JSON.stringify(readers[0].Condition.ArnLike["AWS:SourceArn"])).toMatch(/:distribution\/\*"\]/);
    for (const s of allowed.filter((s) => s !== readers[0])) {
      expect(JSON.stringify(s.Principal)).toMatch(/AutoDeleteObjects/);
    }
  });

  it("takes browser uploads only as a cross-origin POST from the site", () => {
    const cors = dev.json.Resources[mediaBucketId]!.Properties.CorsConfiguration.CorsRules as CfnJson[];
    expect(cors).toHaveLength(1);
    expect(cors[0].AllowedMethods).toEqual(["POST"]);
    expect(cors[0].AllowedOrigins).toEqual(["https://*.cloudfront.net"]);
  });

  it("is served by the site's distribution under /media/*, https only, through Origin Access Control", () => {
    const config = resourcesOfType(dev.json, "AWS::CloudFront::Distribution")[0]![1].Properties
      .DistributionConfig;
    const behaviour = (config.CacheBehaviors as CfnJson[]).find((b) => b.PathPattern === "/media/*");
    expect(behaviour).toMatchObject({ ViewerProtocolPolicy: "redirect-to-https" });
    expect(behaviour.AllowedMethods).toEqual(["GET", "HEAD"]);
    const origin = (config.Origins as CfnJson[]).find((o) => o.Id === behaviour.TargetOriginId);
    // By name: the bucket is the data stack's, the distribution the app stack's.
    expect(JSON.stringify(origin.DomainName)).toContain("penny-auction-dev-media-");
    expect(JSON.stringify(origin.DomainName)).toContain(".s3.");
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
  });

  it("lets the site's pages post to the bucket (CSP connect-src) and nowhere else new", () => {
    const policy = resourcesOfType(dev.json, "AWS::CloudFront::ResponseHeadersPolicy")[0]![1];
    const csp = JSON.stringify(
      policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toMatch(/connect-src 'self' https:\/\//);
    expect(csp).toMatch(/penny-auction-dev-media-.*AWS::AccountId.*\.s3\./);
  });

  it("only the upload route may write photos: PutObject under media/uploads/, nothing else on the bucket", () => {
    expect(httpRoutes.find((r) => r.handler === UPLOADER)?.path).toBe("/api/seller/uploads");
    const uploader = byHandler(functions, UPLOADER);
    // By name (the bucket is the data stack's): the same name the bucket is given.
    expect(uploader.env.MEDIA_BUCKET).toEqual(dev.json.Resources[mediaBucketId]!.Properties.BucketName);
    const s3 = uploader.statements.filter((s) => actionsOf(s).some((a) => a.startsWith("s3:")));
    expect(s3).toHaveLength(1);
    expect(actionsOf(s3[0]!)).toEqual(["s3:PutObject"]);
    const resource = JSON.stringify(resourcesOf(s3[0]!));
    expect(resource).toContain(":s3:::penny-auction-dev-media-");
    expect(resource).toContain(`/${PHOTO_KEY_PREFIX}*`);
    for (const fn of functions.filter((f) => f.handlerId !== UPLOADER)) {
      expect(JSON.stringify(fn.statements), fn.handlerId).not.toContain(mediaBucketId);
      expect(JSON.stringify(fn.statements), fn.handlerId).not.toContain("-media-");
      expect(fn.env.MEDIA_BUCKET, fn.handlerId).toBeUndefined();
    }
  });
});
