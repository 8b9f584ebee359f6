/**
 * The Metals.Dev adapter against its documented `GET /v1/latest` answer (https://metals.dev/docs):
 * `api_key`, `currency` and `unit` in the query; `status`, `currency`, `unit`, `metals` (per troy
 * ounce, by metal name), `currencies` and `timestamps.metal` in the answer. SSM and the network are stubbed.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../functions/adapters/secrets/ssm-parameters.ts", () => ({
  readSsmParameters: async () => ["test-key"],
  cachedUntilFailure: <T>(load: () => Promise<T>) => load,
}));

const { metalsDevProvider } = await import("../../../functions/adapters/spot-prices/metals-dev.ts");

/** The documented shape of a latest answer, trimmed to a few of its fields. */
const LATEST = {
  status: "success",
  currency: "USD",
  unit: "toz",
  metals: { gold: 2650.12, silver: 31.205, platinum: 980.5, palladium: 1012.3, copper: 0.2857 },
  currencies: { EUR: 1.0523, GBP: 1.2676 },
  timestamps: { metal: "2026-12-02T20:59:03.123Z", currency: "2026-12-02T20:58:02.456Z" },
};

const NOW = Date.parse("2026-12-02T21:00:00.000Z");

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("the Metals.Dev adapter", () => {
  it("asks /v1/latest in USD per troy ounce with the key, and reads gold, silver and platinum at the metal timestamp", async () => {
    const fetch = answering(200, LATEST);
    const quotes = await metalsDevProvider("/stage/spot-prices/api-key").latest(NOW);
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.origin + url.pathname).toBe("https://api.metals.dev/v1/latest");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api_key: "test-key",
      currency: "USD",
      unit: "toz",
    });
    const at = Date.parse(LATEST.timestamps.metal);
    expect(quotes).toEqual([
      { metal: "gold", usdPerOz: 2650.12, at },
      { metal: "silver", usdPerOz: 31.205, at },
      { metal: "platinum", usdPerOz: 980.5, at },
    ]);
  });

  it("refuses a failure answer, an error status, and prices in another currency or unit", async () => {
    const provider = metalsDevProvider("/stage/spot-prices/api-key");
    answering(200, { status: "failure", error_code: 1101, error_message: "Invalid API key" });
    await expect(provider.latest(NOW)).rejects.toThrow("Invalid API key");
    answering(500, {});
    await expect(provider.latest(NOW)).rejects.toThrow("500");
    answering(200, { ...LATEST, currency: "EUR" });
    await expect(provider.latest(NOW)).rejects.toThrow("EUR");
    answering(200, { ...LATEST, unit: "g" });
    await expect(provider.latest(NOW)).rejects.toThrow("g");
  });
});
