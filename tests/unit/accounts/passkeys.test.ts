/** The relying party of a passkey request: the page's origin when it is one of the site's, else the site's own. */
import { describe, expect, it } from "vitest";
import { relyingParty } from "../../../functions/domain/passkeys.ts";

const SITE = ["https://auctions.example.com", "https://d111.cloudfront.net"];

describe("relyingParty", () => {
  it("follows the page's origin among the site's, its id the hostname", () => {
    expect(relyingParty("https://d111.cloudfront.net", SITE)).toEqual({
      origin: "https://d111.cloudfront.net",
      rpId: "d111.cloudfront.net",
    });
    expect(relyingParty("http://localhost:5173", ["http://localhost:5173", "http://127.0.0.1:5173"])).toEqual(
      {
        origin: "http://localhost:5173",
        rpId: "localhost",
      },
    );
  });

  it("takes the site's first origin for a foreign origin or none", () => {
    const site = { origin: "https://auctions.example.com", rpId: "auctions.example.com" };
    expect(relyingParty("https://evil.example", SITE)).toEqual(site);
    expect(relyingParty(undefined, SITE)).toEqual(site);
  });
});
