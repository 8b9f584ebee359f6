import { describe, expect, it } from "vitest";
import { addressKey } from "../../../functions/domain/addresses.ts";

describe("addressKey", () => {
  it("keeps IPv4 as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 10.0.0.1 ")).toBe("10.0.0.1");
  });

  it("keys IPv6 on its /64, whichever way the address is written", () => {
    const key = "2001:db8:0:1::/64";
    for (const written of [
      "2001:db8:0:1:1:2:3:4",
      "2001:0db8:0000:0001:ffff:ffff:ffff:ffff",
      "2001:DB8:0:1::",
      "2001:db8::1:0:0:0:9",
      "2001:db8:0:1::abcd",
      "2001:db8:0:1:0:0:192.0.2.1",
      "2001:db8:0:1::192.0.2.1",
      "2001:db8:0:1::1%eth0",
    ]) {
      expect(addressKey(written), written).toBe(key);
    }
    expect(addressKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("keys IPv4-mapped IPv6 as the IPv4 address, dotted or in hex", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("returns what is not an address as it came, never as a real address's key", () => {
    for (const junk of ["1:2:3", "1::2::3", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1", "12345::", "::g"]) {
      expect(addressKey(junk), junk).toBe(junk);
    }
  });
});
