import { CfnDynamicReference, CfnDynamicReferenceService } from "aws-cdk-lib";
import { Construct } from "constructs";
import type { StageConfig } from "../config.ts";
import type { ProductFunction } from "./product-function.ts";
import { allowReadingParameters } from "./ssm-parameters.ts";

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
    allowReadingParameters(this, fn, {
      secure: [this.stripe.secretKeyParameter, this.stripe.webhookSecretParameter],
    });
    fn.addEnvironment("STRIPE_SECRET_KEY_PARAM", this.stripe.secretKeyParameter);
    fn.addEnvironment("STRIPE_WEBHOOK_SECRET_PARAM", this.stripe.webhookSecretParameter);
  }
}
