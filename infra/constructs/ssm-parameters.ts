import { Arn, ArnFormat, Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Construct } from "constructs";
import { acknowledge } from "../nag.ts";
import type { ProductFunction } from "./product-function.ts";

/** The ARN of an SSM parameter of this stack's account and region (its name starts with "/"). */
export function parameterArn(scope: Construct, name: string): string {
  return Arn.format(
    {
      service: "ssm",
      resource: "parameter",
      // The ARN holds the name without its leading slash.
      resourceName: name.replace(/^\//, ""),
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    },
    Stack.of(scope),
  );
}

/**
 * ssm:GetParameter on exactly these parameters, and kms:Decrypt only through SSM and only for the
 * SecureStrings among them (`secure`): values are read at run time, never put in an environment.
 */
export function allowReadingParameters(
  scope: Construct,
  fn: ProductFunction,
  parameters: { plain?: readonly string[]; secure: readonly string[] },
): void {
  const secureArns = parameters.secure.map((name) => parameterArn(scope, name));
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ["ssm:GetParameter"],
      resources: [...(parameters.plain ?? []).map((name) => parameterArn(scope, name)), ...secureArns],
    }),
  );
  if (secureArns.length === 0) return;
  const stack = Stack.of(scope);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ["kms:Decrypt"],
      // The key is the account's aws/ssm key or one you chose; the conditions pin the use to SSM
      // decrypting exactly these parameters.
      resources: [Arn.format({ service: "kms", resource: "key", resourceName: "*" }, stack)],
      conditions: {
        StringEquals: {
          "kms:ViaService": `ssm.${stack.region}.${stack.urlSuffix}`,
          "kms:EncryptionContext:PARAMETER_ARN": secureArns,
        },
      },
    }),
  );
  acknowledge(
    fn,
    "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]",
    "The parameters' key is the account's or one you chose (unknown here); kms:ViaService and the encryption context pin it to the SecureStrings this function reads",
  );
}
