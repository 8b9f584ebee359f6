import { Aws, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { PHOTO_KEY_PREFIX } from "../../functions/domain/photos.ts";
import { acknowledge } from "../nag.ts";
import type { ProductFunction } from "./product-function.ts";

/** Days a replaced or deleted photo's previous version is kept. */
export const NONCURRENT_PHOTO_DAYS = 90;

/**
 * Product photos: a private bucket that only CloudFront reads (`/media/*`, Origin Access
 * Control, like the site bucket) and that browsers write to only through a presigned POST, whose policy
 * fixes the key, the content type and the size.
 */
export class Media extends Construct {
  readonly bucket: Bucket;

  /** The bucket's name, known without a reference to the bucket (no export across stacks). */
  readonly bucketName: string;
  /** The name as cdk-nag prints it in a finding (infra/nag.ts). */
  private readonly printedName: string;

  constructor(scope: Construct, id: string, props: { prefix: string; ephemeral: boolean }) {
    super(scope, id);
    // Named from the stage, account and region rather than generated: the site's CSP names the bucket's
    // endpoint and the bucket's CORS names the site, and a generated name would make that a cycle.
    this.bucketName = `${props.prefix}-media-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.printedName = `${props.prefix}-media-<AWS::AccountId>-<AWS::Region>`;
    this.bucket = new Bucket(this, "Photos", {
      bucketName: this.bucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // A photo deleted or overwritten by mistake can be restored for 90 days (its previous version).
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(NONCURRENT_PHOTO_DAYS) }],
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.ephemeral,
    });
    // CloudFront reads through Origin Access Control. The bucket is the data stack's and the distribution
    // the app stack's, which reads the data stack: naming the distribution here would make the two stacks
    // depend on each other, so any distribution of the account may read (CDK's own answer for an OAC key
    // policy). Photos are public through the site anyway; writes stay with the upload route's grant.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
        actions: ["s3:GetObject"],
        resources: [this.bucket.arnForObjects("*")],
        conditions: {
          ArnLike: { "AWS:SourceArn": `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );
    acknowledge(
      this.bucket,
      "AwsSolutions-S1",
      "Only CloudFront reads it (Origin Access Control), its standard logs record every request; writes are uploads the upload route signed and logged",
    );
  }

  /** Signs uploads: the bucket's name, and PutObject under the uploads prefix only (a presigned POST carries the signer's rights). */
  allowSigningUploads(fn: ProductFunction): void {
    // By name, not by reference: the bucket is the data stack's and the function may be in a nested
    // stack of the app's; a name needs no export, and the grant reads the same in every template.
    fn.addEnvironment("MEDIA_BUCKET", this.bucketName);
    const uploads = `arn:${Aws.PARTITION}:s3:::${this.bucketName}/${PHOTO_KEY_PREFIX}*`;
    fn.addToRolePolicy(new PolicyStatement({ actions: ["s3:PutObject"], resources: [uploads] }));
    acknowledge(
      fn,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${this.printedName}/${PHOTO_KEY_PREFIX}*]`,
      "Uploads get fresh random keys under the uploads prefix, so the grant is that prefix: nothing else in the bucket",
    );
  }

  /** The browser posts the form straight to the bucket's own endpoint: a cross-origin POST from the site. */
  allowBrowserUploadsFrom(origins: string[]): void {
    this.bucket.addCorsRule({
      allowedMethods: [HttpMethods.POST],
      allowedOrigins: origins,
      allowedHeaders: ["*"],
      maxAge: 3600,
    });
  }

  /** Where the form is posted (the CSP's connect-src must allow it). */
  get uploadOrigin(): string {
    return `https://${this.bucketName}.s3.${Aws.REGION}.${Stack.of(this).urlSuffix}`;
  }
}
