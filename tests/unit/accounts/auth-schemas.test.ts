import { describe, expect, it } from "vitest";
import { loginSchema, registerFormSchema, registerSchema } from "#shared/schemas/auth";

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`));

describe("login schema", () => {
  it("uses the product's messages", () => {
    expect(messages(loginSchema.safeParse({ username: "ab", password: "12345" }))).toEqual([
      "username: Username or email is required",
      "password: Password must be at least 6 characters",
    ]);
  });
  it("accepts a username or an email", () => {
    expect(loginSchema.safeParse({ username: "alice@example.com", password: "secret1" }).success).toBe(true);
  });
});

describe("register schema", () => {
  const valid = {
    username: "alice",
    email: "alice@example.com",
    password: "password1",
    role: "seller",
    businessName: "Alice Metals",
  };

  it("checks username length both ways, email and password", () => {
    expect(messages(registerSchema.safeParse({ ...valid, username: "al" }))).toEqual([
      "username: Username must be at least 3 characters",
    ]);
    expect(messages(registerSchema.safeParse({ ...valid, username: "a".repeat(21) }))).toEqual([
      "username: Username must be at most 20 characters",
    ]);
    expect(messages(registerSchema.safeParse({ ...valid, email: "nope" }))).toEqual([
      "email: Invalid email address",
    ]);
    expect(messages(registerSchema.safeParse({ ...valid, password: "1234567" }))).toEqual([
      "password: Password must be at least 8 characters",
    ]);
  });

  it("defaults the role to buyer and refuses admin", () => {
    const { role: _role, ...noRole } = valid;
    expect(registerSchema.parse(noRole).role).toBe("buyer");
    expect(registerSchema.safeParse({ ...valid, role: "admin" }).success).toBe(false);
  });

  it("refuses unknown fields such as a confirmation or a balance", () => {
    expect(registerSchema.safeParse({ ...valid, bidBalance: 1000 }).success).toBe(false);
  });

  it("the form reports a mismatched confirmation on the confirmation field", () => {
    expect(
      messages(registerFormSchema.safeParse({ ...valid, confirmPassword: "different1", acceptTerms: true })),
    ).toEqual(["confirmPassword: Passwords don't match"]);
    expect(
      registerFormSchema.safeParse({ ...valid, confirmPassword: valid.password, acceptTerms: true }).success,
    ).toBe(true);
    expect(
      messages(
        registerFormSchema.safeParse({ ...valid, confirmPassword: valid.password, acceptTerms: false }),
      ),
    ).toEqual(["acceptTerms: Confirm you are 18 or older and accept the Terms and the Auction Rules"]);
  });

  it("the form asks a seller for a business name; the API takes the username when it is missing", () => {
    const { businessName: _, ...noBusiness } = valid;
    expect(
      messages(
        registerFormSchema.safeParse({ ...noBusiness, confirmPassword: valid.password, acceptTerms: true }),
      ),
    ).toEqual(["businessName: Business name is required for a seller account"]);
    expect(registerSchema.safeParse(noBusiness).success).toBe(true);
  });
});
