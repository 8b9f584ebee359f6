import { Validations } from "aws-cdk-lib";
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
 * finding is by design.
 */
export function acknowledge(scope: IConstruct, ids: string | readonly string[], reason: string): void {
  for (const id of typeof ids === "string" ? [ids] : ids) Validations.of(scope).acknowledge({ id, reason });
}
