/**
 * The one door to zod: every schema module imports it as `import * as z from "./zod.ts"` (never zod
 * itself), so the error map below is installed before any schema parses (docs/decisions.md).
 *
 * It is zod 4's functional "mini" API: it tree-shakes, so a Lambda bundles only the kinds of schema it
 * uses (the 110 KB budget per function, scripts/check-budgets.ts). A namespace import keeps that: a named `z` import of
 * zod/mini would pull in all of zod.
 */
import { check, config, type core, email, refine } from "zod/mini";
import { CONTROL_CHARACTERS } from "../text.ts";

export * from "zod/mini";

/** zod 3's name for a value's type ("nan", "null", "array"...), as its messages say "received <type>". */
function typeName(data: unknown): string {
  switch (typeof data) {
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "object":
      if (data === null) return "null";
      if (Array.isArray(data)) return "array";
      if (typeof (data as { then?: unknown }).then === "function") return "promise";
      if (data instanceof Map) return "map";
      if (data instanceof Set) return "set";
      if (data instanceof Date) return "date";
      return "object";
    default:
      return typeof data;
  }
}

/** zod 3's way of listing values: `'a' | 'b'` (strings quoted, numbers bare). */
const listed = (values: readonly unknown[], separator = " | ") =>
  values.map((value) => (typeof value === "string" ? `'${value}'` : String(value))).join(separator);

/** zod 3 called these kinds differently in "Expected <type>". */
const ZOD3_EXPECTED: Record<string, string> = { int: "integer", record: "object", tuple: "array" };
const ZOD3_FORMAT: Record<string, string> = { ipv4: "ip", ipv6: "ip", cidrv4: "cidr", cidrv6: "cidr" };

/** zod 3's too_small / too_big wording, by what was measured (a string's length, a number...). */
function bound(
  issue: { origin: string; inclusive?: boolean; exact?: boolean },
  value: number | bigint,
  small: boolean,
) {
  const { origin, inclusive, exact } = issue;
  if (origin === "string")
    return `String must contain ${exact ? "exactly" : inclusive ? (small ? "at least" : "at most") : small ? "over" : "under"} ${value} character(s)`;
  if (origin === "array")
    return `Array must contain ${exact ? "exactly" : inclusive ? (small ? "at least" : "at most") : small ? "more than" : "less than"} ${value} element(s)`;
  if (origin === "number" || origin === "int" || (origin === "bigint" && small))
    return small
      ? `Number must be ${exact ? "exactly equal to " : inclusive ? "greater than or equal to " : "greater than "}${value}`
      : `Number must be ${exact ? "exactly" : inclusive ? "less than or equal to" : "less than"} ${value}`;
  if (origin === "bigint")
    return `BigInt must be ${exact ? "exactly" : inclusive ? "less than or equal to" : "less than"} ${value}`;
  if (origin === "date")
    return small
      ? `Date must be ${exact ? "exactly equal to " : inclusive ? "greater than or equal to " : "greater than "}${new Date(Number(value))}`
      : `Date must be ${exact ? "exactly" : inclusive ? "smaller than or equal to" : "smaller than"} ${new Date(Number(value))}`;
  return "Invalid input";
}

/**
 * The product's default validation messages are zod 3's ("Required", "Expected number, received
 * string", "String must contain at least 1 character(s)", "Invalid email"...): clients show them and
 * docs/product.md quotes them. zod 4 words its own differently, so every issue a schema can raise is
 * worded here as zod 3 worded it. Messages a schema gives itself are not touched (zod asks this map
 * only for issues without one).
 */
function zod3Message(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "Required";
      // zod 3 called every number that is not whole a float, whatever it was.
      const received =
        issue.expected === "int" || issue.expected === "integer" ? "float" : typeName(issue.input);
      return `Expected ${ZOD3_EXPECTED[issue.expected] ?? issue.expected}, received ${received}`;
    }
    case "invalid_value": {
      const kind = (issue.inst as core.$ZodType | undefined)?._zod.def.type;
      if (kind === "literal") {
        const [only] = issue.values;
        const value = issue.values.length === 1 ? only : issue.values;
        return `Invalid literal value, expected ${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`;
      }
      // zod 3 checked an enum's type first: a missing or non-string value was a type error.
      if (issue.input === undefined) return "Required";
      if (typeof issue.input !== "string")
        return `Expected ${listed(issue.values)}, received ${typeName(issue.input)}`;
      return `Invalid enum value. Expected ${listed(issue.values)}, received '${issue.input}'`;
    }
    case "invalid_union":
      if (issue.discriminator !== undefined && "options" in issue && Array.isArray(issue.options))
        return `Invalid discriminator value. Expected ${listed(issue.options)}`;
      return "Invalid input";
    case "unrecognized_keys":
      return `Unrecognized key(s) in object: ${listed(issue.keys, ", ")}`;
    case "too_small":
      return bound(issue, issue.minimum, true);
    case "too_big":
      return bound(issue, issue.maximum, false);
    case "invalid_format": {
      const format = issue as core.$ZodIssueInvalidStringFormat & {
        prefix?: string;
        suffix?: string;
        includes?: string;
      };
      if (format.format === "regex") return "Invalid";
      if (format.format === "starts_with") return `Invalid input: must start with "${format.prefix}"`;
      if (format.format === "ends_with") return `Invalid input: must end with "${format.suffix}"`;
      if (format.format === "includes") return `Invalid input: must include "${format.includes}"`;
      return `Invalid ${ZOD3_FORMAT[format.format] ?? format.format}`;
    }
    case "not_multiple_of":
      return `Number must be a multiple of ${issue.divisor}`;
    default:
      // custom (refinements), invalid_key, invalid_element
      return "Invalid input";
  }
}

config({
  customError: zod3Message,
  // zod 4 compiles object parsers with `new Function` when it may; the site's Content-Security-Policy
  // has no 'unsafe-eval', so a browser would log a violation for zod's probe. Plain parsing everywhere.
  jitless: true,
});

/**
 * zod 3's `.int()`: a whole number, any size (zod 4's `z.int()` also refuses integers past 2^53, and
 * skips the bounds after a fraction; with this one `z.minimum()`/`z.maximum()` still report, as before).
 */
export function integer(message?: string): core.$ZodCheck<number> {
  const self = check<number>((payload) => {
    if (Number.isInteger(payload.value)) return;
    payload.issues.push({
      code: "invalid_type",
      expected: "integer",
      input: payload.value,
      inst: self,
      continue: true,
      ...(message === undefined ? {} : { message }),
    });
  });
  return self;
}

/** zod 3's email pattern: which addresses pass does not change with the upgrade. */
const ZOD3_EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** zod 3's `.email()`, as a check of a string (after `z.trim()` when the field is trimmed). */
export const emailAddress = (message?: string) =>
  email({ pattern: ZOD3_EMAIL, ...(message === undefined ? {} : { error: message }) });

/**
 * zod 3's `required_error` / `invalid_type_error` of a schema: `invalidType` for a value of the wrong
 * type, `required` (or the default "Required") for a missing one.
 */
export const typeMessages = (invalidType: string, required?: string) => ({
  error: (issue: core.$ZodRawIssue) =>
    issue.code === "invalid_type" ? (issue.input === undefined ? required : invalidType) : undefined,
});

/**
 * A name, title or address: one line of text, no control characters (shared/text.ts), so nothing typed
 * into one can start a new line where it is shown (an email subject above all).
 */
export const singleLine = (label: string) =>
  refine<string>((value) => !CONTROL_CHARACTERS.test(value), {
    error: `${label} must not contain line breaks or other control characters`,
  });
