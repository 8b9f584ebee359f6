import { describe, expect, it } from "vitest";
import { imageUrlField, isSafeImageUrl } from "#shared/schemas/seller";

describe("product image URLs", () => {
  it("accept the bundled presets and https addresses", () => {
    for (const url of [
      "/images/products/silver-coins.svg",
      "https://cdn.example.com/coin.png",
      "https://cdn.example.com:8443/a/b.jpg?w=400#x",
    ]) {
      expect(isSafeImageUrl(url), url).toBe(true);
    }
  });

  it("refuse what a browser would fetch from another host, over http, or run", () => {
    for (const url of [
      "/\\evil.example/x",
      "/\\\\evil.example/x",
      "//evil.example/x",
      "\\\\evil.example\\x",
      "http://cdn.example.com/coin.png",
      "HTTP://cdn.example.com/coin.png",
      "https:/\\evil.example",
      "https://user@evil.example/x",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "https://cdn.example.com/a b.png",
      "/images/\tx.png",
      "ftp://example.com/x.png",
    ]) {
      expect(isSafeImageUrl(url), url).toBe(false);
    }
  });

  it("says why, as a 400 message", () => {
    const result = imageUrlField.safeParse("http://cdn.example.com/coin.png");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Image URL must start with https:// or / (no backslashes)");
  });
});
