import { Stack, Token, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks, ServerlessChecks } from "cdk-nag";
import type { IConstruct } from "constructs";

/**
 * cdk-nag's AwsSolutions and Serverless packs as CDK validation plugins: every synthesis of the app
 * (`cdk synth`, `cdk deploy`, the infra tests) checks the stack and fails on a finding that is
 * neither fixed nor acknowledged next to the resource with `acknowledge`.
 */
export function addNagPacks(app: IConstruct): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
}

/**
 * Acknowledges findings on a construct and everything under it. An id is a rule (`AwsSolutions-APIG4`)
 * or one finding of a rule (`AwsSolutions-IAM5[Resource::*]`); the reason is one line saying why the
 * finding is by design. Write ARNs in an id with `<AWS::Partition>`, `<AWS::Region>` and
 * `<AWS::AccountId>`: where the stack's environment is pinned (`-c account=... -c region=...`) cdk-nag
 * prints the values instead, and the id is rewritten to match.
 */
export function acknowledge(scope: IConstruct, ids: string | readonly string[], reason: string): void {
  for (const id of typeof ids === "string" ? [ids] : ids) {
    for (const printed of asNagPrintsIt(scope, id))
      Validations.of(scope).acknowledge({ id: printed, reason });
  }
}

/**
 * The partition stays a placeholder in AWS's managed policy ARNs even in a pinned stack, while ARNs
 * the stack formats itself get its value: every form is acknowledged.
 */
function asNagPrintsIt(scope: IConstruct, id: string): string[] {
  const stack = Stack.of(scope);
  const known = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  const located = id
    .replaceAll("<AWS::Region>", known(stack.region, "<AWS::Region>"))
    .replaceAll("<AWS::AccountId>", known(stack.account, "<AWS::AccountId>"));
  const partition = known(stack.partition, "<AWS::Partition>");
  // An ARN built from the pseudo parameters themselves (`Aws.REGION`, as in the media bucket's name) is
  // printed with the placeholders even in a pinned stack: the id as written is acknowledged too.
  return [...new Set([id, located, located.replaceAll("<AWS::Partition>", partition)])];
}
