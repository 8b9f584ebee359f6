import { type CfnJson, type Resource, resourcesOfType, type Synthesized } from "./synth.ts";

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface ProductFunctionView {
  logicalId: string;
  handlerId: string;
  properties: CfnJson;
  env: Record<string, unknown>;
  statements: Statement[];
}

const HANDLER_DESCRIPTION = /^functions\/handlers\/(.+)\.ts$/;

/** Every function built from functions/handlers (ProductFunction), with its role's policy statements. */
export function productFunctions(json: Synthesized["json"]): ProductFunctionView[] {
  const policies = resourcesOfType(json, "AWS::IAM::Policy");
  return resourcesOfType(json, "AWS::Lambda::Function").flatMap(([logicalId, fn]) => {
    const match = HANDLER_DESCRIPTION.exec(fn.Properties?.Description ?? "");
    if (!match) return [];
    const roleId = fn.Properties.Role["Fn::GetAtt"][0] as string;
    return [
      {
        logicalId,
        handlerId: match[1]!,
        properties: fn.Properties,
        env: fn.Properties.Environment?.Variables ?? {},
        statements: statementsOfRole(policies, roleId),
      },
    ];
  });
}

export function statementsOfRole(policies: [string, Resource][], roleId: string): Statement[] {
  return policies
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

export function resourcesOf(statement: Statement): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

export function allActions(fn: ProductFunctionView): string[] {
  return fn.statements.flatMap(actionsOf);
}

/** Statements allowing CfnJson of `actions`. */
export function statementsWith(fn: ProductFunctionView, ...actions: string[]): Statement[] {
  return fn.statements.filter((s) => actionsOf(s).some((a) => actions.includes(a)));
}

export function byHandler(fns: ProductFunctionView[], handlerId: string): ProductFunctionView {
  const fn = fns.find((f) => f.handlerId === handlerId);
  if (!fn) throw new Error(`no function for ${handlerId}`);
  return fn;
}

/** The logical id a `{Ref}` / `{Fn::GetAtt}` / `integrations/{Ref}` value points at. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const v = value as Record<string, CfnJson>;
  if (typeof v.Ref === "string") return v.Ref;
  if (Array.isArray(v["Fn::GetAtt"])) return v["Fn::GetAtt"][0];
  if (Array.isArray(v["Fn::Join"])) {
    for (const part of v["Fn::Join"][1] as unknown[]) {
      const id = referencedId(part);
      if (id) return id;
    }
  }
  return undefined;
}
