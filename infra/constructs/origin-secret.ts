import { RemovalPolicy, SecretValue } from "aws-cdk-lib";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { ProductFunction } from "./product-function.ts";

export interface OriginSecretProps {
  prefix: string;
  ephemeral: boolean;
  /**
   * The secret version CloudFront sends (`-c originSecretVersion=...`, set by `npm run rotate:origin-secret`):
   * naming it changes the template, so CloudFormation resolves the header again. Without it, the
   * current value at the time CloudFront's origins last changed.
   */
  versionId?: string;
}

/**
 * The origin lock's secret (functions/http/origin-lock.ts): generated at deploy, kept in Secrets
 * Manager, never written in a template. CloudFront needs the value itself in its origin header (one
 * dynamic reference per API origin); the functions get only the secret's ARN and read the value at run
 * time, accepting the current and the previous one, so the template holds two dynamic references, not
 * one per function (CloudFormation allows 60), and a rotation is never a moment where they disagree.
 */
export class OriginSecret extends Construct {
  readonly secret: Secret;
  /** What CloudFront sends: a {{resolve:secretsmanager:...}} reference, resolved at deploy. */
  readonly headerValue: string;

  constructor(scope: Construct, id: string, props: OriginSecretProps) {
    super(scope, id);
    this.secret = new Secret(this, "Secret", {
      secretName: `${props.prefix}/origin-secret`,
      description: "Header value CloudFront adds to every API request; the APIs refuse requests without it",
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.secret,
      "AwsSolutions-SMG4",
      "Rotated by `npm run rotate:origin-secret` (a new value, then CloudFront's header): a rotation Lambda could not update CloudFront's origin header",
    );
    this.headerValue = SecretValue.secretsManager(this.secret.secretArn, {
      ...(props.versionId ? { versionId: props.versionId } : {}),
    }).unsafeUnwrap();
  }

  /** The function reads the secret at run time (GetSecretValue on this secret only) and is told where. */
  allowReading(fn: ProductFunction): void {
    this.secret.grantRead(fn);
    fn.addEnvironment("ORIGIN_SECRET_ID", this.secret.secretArn);
  }
}
