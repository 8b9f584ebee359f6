/**
 * The product's default validation messages are zod 3's (docs/product.md, docs/decisions.md); zod 4
 * words its own differently, so shared/schemas/zod.ts installs an error map that words every kind of
 * issue our schemas can raise as zod 3 did. Each expectation is the literal zod 3 message.
 */
import { describe, expect, it } from "vitest";
import * as z from "#shared/schemas/zod";

/** The messages a value gets, as `path: message` (the way functions/http/route.ts reports the first). */
function messagesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
}
const firstMessage = (schema: z.ZodMiniType, value: unknown) => messagesOf(schema, value)[0];

describe("zod 3's default messages under zod 4", () => {
  it('a missing field is "Required", whatever its kind', () => {
    const schema = z.object({
      name: z.string(),
      count: z.number(),
      flag: z.boolean(),
      role: z.enum(["buyer", "seller"]),
      nested: z.object({ a: z.string() }),
      list: z.array(z.string()),
    });
    expect(messagesOf(schema, {})).toEqual([
      "name: Required",
      "count: Required",
      "flag: Required",
      "role: Required",
      "nested: Required",
      "list: Required",
    ]);
    expect(firstMessage(z.object({ a: z.string() }), undefined)).toBe("Required");
  });

  it('a wrong type is "Expected <type>, received <type>" with zod 3\'s type names', () => {
    expect(firstMessage(z.number(), "12")).toBe("Expected number, received string");
    expect(firstMessage(z.string(), 12)).toBe("Expected string, received number");
    expect(firstMessage(z.boolean(), "true")).toBe("Expected boolean, received string");
    expect(firstMessage(z.string(), null)).toBe("Expected string, received null");
    expect(firstMessage(z.string(), [])).toBe("Expected string, received array");
    expect(firstMessage(z.string(), {})).toBe("Expected string, received object");
    expect(firstMessage(z.string(), true)).toBe("Expected string, received boolean");
    expect(firstMessage(z.number(), Number.NaN)).toBe("Expected number, received nan");
    expect(firstMessage(z.coerce.number(), "abc")).toBe("Expected number, received nan");
    expect(firstMessage(z.object({ a: z.string() }), [1])).toBe("Expected object, received array");
    expect(firstMessage(z.object({ a: z.string() }), null)).toBe("Expected object, received null");
    expect(firstMessage(z.array(z.string()), {})).toBe("Expected array, received object");
    expect(firstMessage(z.record(z.string(), z.string()), "x")).toBe("Expected object, received string");
    expect(firstMessage(z.record(z.string(), z.string()), { a: 1 })).toBe(
      "a: Expected string, received number",
    );
    expect(firstMessage(z.null(), "x")).toBe("Expected null, received string");
    expect(firstMessage(z.nullable(z.string()), 5)).toBe("Expected string, received number");
  });

  it('a number that is not whole is "Expected integer, received float", and the bounds still report', () => {
    expect(messagesOf(z.number().check(z.integer()), 1.5)).toEqual(["Expected integer, received float"]);
    expect(messagesOf(z.number().check(z.integer(), z.minimum(1)), 0.5)).toEqual([
      "Expected integer, received float",
      "Number must be greater than or equal to 1",
    ]);
    // zod 3's .int() took any whole number; zod 4's z.int() would refuse those past 2^53.
    expect(
      z
        .number()
        .check(z.integer())
        .safeParse(2 ** 60).success,
    ).toBe(true);
  });

  it("words string lengths", () => {
    expect(firstMessage(z.string().check(z.minLength(1)), "")).toBe(
      "String must contain at least 1 character(s)",
    );
    expect(firstMessage(z.string().check(z.minLength(3)), "ab")).toBe(
      "String must contain at least 3 character(s)",
    );
    expect(firstMessage(z.string().check(z.maxLength(5)), "123456")).toBe(
      "String must contain at most 5 character(s)",
    );
    expect(firstMessage(z.string().check(z.length(3)), "ab")).toBe(
      "String must contain exactly 3 character(s)",
    );
    expect(firstMessage(z.string().check(z.trim(), z.minLength(1)), "   ")).toBe(
      "String must contain at least 1 character(s)",
    );
  });

  it("words number bounds", () => {
    expect(firstMessage(z.number().check(z.minimum(1)), 0)).toBe("Number must be greater than or equal to 1");
    expect(firstMessage(z.number().check(z.maximum(5)), 6)).toBe("Number must be less than or equal to 5");
    expect(firstMessage(z.number().check(z.positive()), 0)).toBe("Number must be greater than 0");
    expect(firstMessage(z.number().check(z.nonnegative()), -1)).toBe(
      "Number must be greater than or equal to 0",
    );
    expect(firstMessage(z.number().check(z.gt(2)), 2)).toBe("Number must be greater than 2");
    expect(firstMessage(z.number().check(z.lt(5)), 5)).toBe("Number must be less than 5");
    expect(firstMessage(z.number().check(z.multipleOf(5)), 7)).toBe("Number must be a multiple of 5");
  });

  it("words array lengths", () => {
    expect(firstMessage(z.array(z.string()).check(z.minLength(1)), [])).toBe(
      "Array must contain at least 1 element(s)",
    );
    expect(firstMessage(z.array(z.string()).check(z.maxLength(1)), ["a", "b"])).toBe(
      "Array must contain at most 1 element(s)",
    );
    expect(firstMessage(z.array(z.string()), ["a", 2])).toBe("1: Expected string, received number");
  });

  it('an address that is not one is "Invalid email", by zod 3\'s pattern', () => {
    const email = z.string().check(z.trim(), z.emailAddress());
    expect(firstMessage(email, "not-an-address")).toBe("Invalid email");
    expect(firstMessage(email, "a..b@example.com")).toBe("Invalid email");
    expect(firstMessage(email, ".a@example.com")).toBe("Invalid email");
    expect(firstMessage(email, "a@example")).toBe("Invalid email");
    expect(email.safeParse(" first.last+tag@sub.example.co ").success).toBe(true);
    expect(email.safeParse("o'brien@example.com").success).toBe(true);
  });

  it("words enums and literals", () => {
    const role = z.enum(["buyer", "seller"]);
    expect(firstMessage(role, "admin")).toBe(
      "Invalid enum value. Expected 'buyer' | 'seller', received 'admin'",
    );
    expect(firstMessage(role, 5)).toBe("Expected 'buyer' | 'seller', received number");
    expect(firstMessage(role, null)).toBe("Expected 'buyer' | 'seller', received null");
    expect(firstMessage(z.object({ type: z.literal("watch") }), {})).toBe(
      'type: Invalid literal value, expected "watch"',
    );
    expect(firstMessage(z.literal("watch"), "ping")).toBe('Invalid literal value, expected "watch"');
  });

  it("words unknown keys of a strict object after the fields' own issues", () => {
    const schema = z.strictObject({ a: z.string(), b: z.number() });
    expect(messagesOf(schema, { x: 1, a: 5 })).toEqual([
      "a: Expected string, received number",
      "b: Required",
      "Unrecognized key(s) in object: 'x'",
    ]);
    expect(messagesOf(schema, { x: 1, y: 2, a: "s", b: 1 })).toEqual([
      "Unrecognized key(s) in object: 'x', 'y'",
    ]);
    // A plain object drops unknown keys, as zod 3's did.
    expect(z.object({ a: z.string() }).parse({ a: "s", extra: 1 })).toEqual({ a: "s" });
  });

  it('a pattern that does not match is "Invalid"; the other string checks say what they want', () => {
    expect(firstMessage(z.string().check(z.regex(/^a+$/)), "b")).toBe("Invalid");
    expect(firstMessage(z.string().check(z.startsWith("/")), "x")).toBe('Invalid input: must start with "/"');
    expect(firstMessage(z.string().check(z.endsWith(".png")), "x")).toBe(
      'Invalid input: must end with ".png"',
    );
    expect(firstMessage(z.string().check(z.includes("@")), "x")).toBe('Invalid input: must include "@"');
  });

  it('a union nothing matches is "Invalid input"; a discriminated one names the discriminator\'s values', () => {
    expect(firstMessage(z.union([z.number(), z.string()]), true)).toBe("Invalid input");
    const message = z.discriminatedUnion("type", [
      z.object({ type: z.literal("a") }),
      z.object({ type: z.literal("b"), n: z.number() }),
    ]);
    expect(firstMessage(message, { type: "c" })).toBe(
      "type: Invalid discriminator value. Expected 'a' | 'b'",
    );
    expect(firstMessage(message, {})).toBe("type: Invalid discriminator value. Expected 'a' | 'b'");
    expect(firstMessage(message, { type: "b" })).toBe("n: Required");
  });

  it('a refinement without a message says "Invalid input"', () => {
    expect(firstMessage(z.string().check(z.refine(() => false)), "x")).toBe("Invalid input");
    expect(
      firstMessage(
        z
          .object({ a: z.string() })
          .check(z.superRefine((_, ctx) => ctx.addIssue({ code: "custom", path: ["a"] }))),
        { a: "x" },
      ),
    ).toBe("a: Invalid input");
  });

  it("leaves a schema's own messages as they are", () => {
    expect(
      firstMessage(z.string().check(z.minLength(3, "Username must be at least 3 characters")), "ab"),
    ).toBe("Username must be at least 3 characters");
    expect(firstMessage(z.string().check(z.emailAddress("Invalid email address")), "x")).toBe(
      "Invalid email address",
    );
    expect(firstMessage(z.number().check(z.integer("Amount must be a whole number")), 1.5)).toBe(
      "Amount must be a whole number",
    );
    expect(firstMessage(z.string().check(z.refine(() => false, "Nothing to change")), "x")).toBe(
      "Nothing to change",
    );
  });

  it("words zod 3's required_error / invalid_type_error pairs through typeMessages", () => {
    const flag = z.object({
      outbid: z.boolean(z.typeMessages("outbid must be true or false", "outbid is required")),
    });
    expect(firstMessage(flag, {})).toBe("outbid: outbid is required");
    expect(firstMessage(flag, { outbid: "yes" })).toBe("outbid: outbid must be true or false");
    const days = z.object({ days: z.number(z.typeMessages("days must be a whole number")) });
    expect(firstMessage(days, {})).toBe("days: Required");
    expect(firstMessage(days, { days: "7" })).toBe("days: days must be a whole number");
  });
});
