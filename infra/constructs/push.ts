import { Construct } from "constructs";
import type { StageConfig } from "../config.ts";
import type { ProductFunction } from "./product-function.ts";
import { allowReadingParameters } from "./ssm-parameters.ts";

export interface PushProps {
  vapid: StageConfig["vapid"];
  /** The contact push services see in every VAPID signature (mailto: the stage's From address). */
  subject: string;
}

/**
 * Web Push's VAPID keys stay in SSM Parameter Store, made once per stage before deploying by
 * `npm run create:vapid-keys` (CloudFormation cannot create SecureStrings; docs/deploy.md). Functions
 * get the parameter NAMES and read the values once per cold start: the route that gives the browser
 * the public key reads only that one; only the sender reads the private key.
 */
export class Push extends Construct {
  private readonly vapid: StageConfig["vapid"];
  private readonly subject: string;

  constructor(scope: Construct, id: string, props: PushProps) {
    super(scope, id);
    this.vapid = props.vapid;
    this.subject = props.subject;
  }

  /** GET /api/push/public-key: the public key's parameter, nothing else. */
  allowReadingPublicKey(fn: ProductFunction): void {
    allowReadingParameters(this, fn, { plain: [this.vapid.publicKeyParameter], secure: [] });
    fn.addEnvironment("VAPID_PUBLIC_KEY_PARAM", this.vapid.publicKeyParameter);
  }

  /** The alert sender: both keys, the private one decrypted only through SSM. */
  allowSending(fn: ProductFunction): void {
    allowReadingParameters(this, fn, {
      plain: [this.vapid.publicKeyParameter],
      secure: [this.vapid.privateKeyParameter],
    });
    fn.addEnvironment("VAPID_PUBLIC_KEY_PARAM", this.vapid.publicKeyParameter);
    fn.addEnvironment("VAPID_PRIVATE_KEY_PARAM", this.vapid.privateKeyParameter);
    fn.addEnvironment("VAPID_SUBJECT", this.subject);
  }
}
