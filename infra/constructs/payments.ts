import { Arn, ArnFormat, CfnDynamicReference, CfnDynamicReferenceService, Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import type { StageConfig } from "../config.ts";
import { acknowledge } from "../nag.ts";
import type { ProductFunction } from "./product-function.ts";

export interface PaymentsProps {
  stripeMode: StageConfig["stripeMode"];
  stripe: StageConfig["stripe"];
}

/**
 * Stripe's secrets stay in SSM Parameter Store as SecureStrings you create before deploying
 * (CloudFormation cannot create SecureStrings). Functions get the parameter NAMES and read the values
 * once per cold start; only the functions that talk to Stripe may read them.
 */
export class Payments extends Construct {
  readonly stripeMode: StageConfig["stripeMode"];
  private readonly stripe: StageConfig["stripe"];

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);
    this.stripeMode = props.stripeMode;
    this.stripe = props.stripe;
  }

  /** Settings every function may see: which provider. */
  get publicEnvironment(): Record<string, string> {
    return { PAYMENT_PROVIDER: this.stripeMode };
  }

  /**
   * Stripe's publishable (public) key, for the function that hands it to the web. Read from SSM by
   * CloudFormation at deploy ({{resolve:ssm:...}}) unless given: synthesis needs neither key nor lookup.
   */
  publishKeyTo(fn: ProductFunction): void {
    if (!this.stripe) return;
    fn.addEnvironment(
      "STRIPE_PUBLISHABLE_KEY",
      this.stripe.publishableKey ??
        new CfnDynamicReference(
          CfnDynamicReferenceService.SSM,
          this.stripe.publishableKeyParameter,
        ).toString(),
    );
  }

  /** ssm:GetParameter on the two parameters and kms:Decrypt only through SSM for them. */
  allowStripeSecrets(fn: ProductFunction): void {
    if (!this.stripe) return;
    const parameterArns = [this.stripe.secretKeyParameter, this.stripe.webhookSecretParameter].map((name) =>
      this.parameterArn(name),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["ssm:GetParameter"],
        resources: parameterArns,
      }),
    );
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["kms:Decrypt"],
        // The key is the account's aws/ssm key or one you chose; the conditions pin the use to SSM
        // decrypting exactly these two parameters.
        resources: [Arn.format({ service: "kms", resource: "key", resourceName: "*" }, stack)],
        conditions: {
          StringEquals: {
            "kms:ViaService": `ssm.${stack.region}.${stack.urlSuffix}`,
            "kms:EncryptionContext:PARAMETER_ARN": parameterArns,
          },
        },
      }),
    );
    acknowledge(
      fn,
      "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]",
      "The parameters' key is the account's or one you chose (unknown here); kms:ViaService and the encryption context pin it to the two parameters",
    );
    fn.addEnvironment("STRIPE_SECRET_KEY_PARAM", this.stripe.secretKeyParameter);
    fn.addEnvironment("STRIPE_WEBHOOK_SECRET_PARAM", this.stripe.webhookSecretParameter);
  }

  private parameterArn(name: string): string {
    return Arn.format(
      {
        service: "ssm",
        resource: "parameter",
        // The ARN holds the name without its leading slash.
        resourceName: name.replace(/^\//, ""),
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      },
      Stack.of(this),
    );
  }
}
