/**
 * npm run create:vapid-keys -- -c stage=<stage> [-c region=...]   (the operator's AWS credentials)
 *
 * Makes a stage's Web Push key pair once, before its first deploy with push (docs/deploy.md, "Web Push
 * keys"): web-push generates it, the public key goes to an SSM String parameter and the private key
 * to a SecureString (CloudFormation cannot create SecureStrings, as for Stripe's). An existing pair is
 * never replaced: every browser's subscription is bound to the public key, so new keys would silence
 * them all. Delete both parameters first to start over on purpose.
 */
import { GetParameterCommand, ParameterNotFound, PutParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import webpush from "web-push";
import { stageContext } from "./deploy/stage-context.ts";

const { config, region } = stageContext(process.argv.slice(2));
const { publicKeyParameter, privateKeyParameter } = config.vapid;
const ssm = new SSMClient(region ? { region } : {});

async function exists(name: string): Promise<boolean> {
  try {
    await ssm.send(new GetParameterCommand({ Name: name }));
    return true;
  } catch (error) {
    if (error instanceof ParameterNotFound) return false;
    throw error;
  }
}

const present = await Promise.all([publicKeyParameter, privateKeyParameter].map(exists));
if (present.some(Boolean)) {
  console.log(
    present.every(Boolean)
      ? `${publicKeyParameter} and ${privateKeyParameter} exist: the stage keeps its keys.`
      : `Only one of ${publicKeyParameter} and ${privateKeyParameter} exists: delete it and run this again.`,
  );
  process.exit(present.every(Boolean) ? 0 : 1);
}
const keys = webpush.generateVAPIDKeys();
// The private key first: a public key with no private one would let browsers subscribe to nothing.
await ssm.send(
  new PutParameterCommand({ Name: privateKeyParameter, Type: "SecureString", Value: keys.privateKey }),
);
await ssm.send(new PutParameterCommand({ Name: publicKeyParameter, Type: "String", Value: keys.publicKey }));
console.log(`Made ${publicKeyParameter} (String) and ${privateKeyParameter} (SecureString).`);
