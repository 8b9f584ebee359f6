import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  hashRecoveryCode,
  hotp,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  staffSessionAllowed,
  totpCode,
} from "../../../functions/domain/two-factor.ts";

/** RFC 6238 appendix B, the SHA-1 rows: the 20-byte ASCII seed, 8 digits, 30-second steps. */
const SEED = Buffer.from("12345678901234567890", "ascii");
const VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s the 8-digit code is %s", (seconds, code) => {
    expect(hotp(SEED, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it.each(VECTORS)("at %i s the app's 6 digits are the vector's last six", (seconds, code) => {
    expect(totpCode(base32Encode(SEED), seconds * 1000)).toBe(code.slice(2));
  });

  it("takes a code of the step before or after now, not two steps away", () => {
    const secret = base32Encode(SEED);
    const now = 1111111111 * 1000;
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(Math.floor(1111111111 / 30));
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  it("refuses a code of a step already used (no replay)", () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 0, 1);
    const step = matchTotp(secret, totpCode(secret, now), now);
    expect(step).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step!)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now + 30_000, step!)).toBe(step! + 1);
  });

  it("round-trips base32 and makes 160-bit secrets", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode("JBSWY3DPEHPK3PXP"))).toBe("JBSWY3DPEHPK3PXP");
  });

  it("writes the otpauth URI authenticator apps read", () => {
    const uri = otpauthUri({
      issuer: "Precious Metals Auctions",
      account: "ada",
      secret: "JBSWY3DPEHPK3PXP",
    });
    expect(uri.startsWith("otpauth://totp/Precious%20Metals%20Auctions:ada?")).toBe(true);
    const query = new URL(uri).searchParams;
    expect(query.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(query.get("issuer")).toBe("Precious Metals Auctions");
    expect(query.get("digits")).toBe("6");
    expect(query.get("period")).toBe("30");
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes, stored only as hashes that ignore case and the dash", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
      expect(hashRecoveryCode(code)).not.toContain(code.replace("-", ""));
      expect(hashRecoveryCode(code.toUpperCase().replace("-", ""))).toBe(hashRecoveryCode(code));
    }
    expect(isRecoveryCodeShape("123456")).toBe(false);
  });
});

describe("staff sessions", () => {
  it("need a second factor only for admins, only where the stage requires it", () => {
    expect(staffSessionAllowed({ role: "admin", required: true, sessionHasSecondFactor: false })).toBe(false);
    expect(staffSessionAllowed({ role: "admin", required: true, sessionHasSecondFactor: true })).toBe(true);
    expect(staffSessionAllowed({ role: "admin", required: false, sessionHasSecondFactor: false })).toBe(true);
    expect(staffSessionAllowed({ role: "buyer", required: true, sessionHasSecondFactor: false })).toBe(true);
  });
});
