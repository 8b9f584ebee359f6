/**
 * Metals.Dev (https://metals.dev/docs, "Latest"): `GET https://api.metals.dev/v1/latest?api_key=…&currency=USD&unit=toz`
 * answers `{"status": "success", "currency": "USD", "unit": "toz", "metals": {"gold": 2650.1, "silver":
 * 31.2, "platinum": 980.5, …}, "currencies": {…}, "timestamps": {"metal": "<iso>", "currency": "<iso>"}}`,
 * prices per troy ounce; a refusal is `{"status": "failure", "error_code": …, "error_message": "…"}`.
 * An answer in another currency or unit is refused, never converted. The key is read from SSM once per
 * cold start.
 */
import { SPOT_METALS } from "#shared/metal-content";
import * as z from "#shared/schemas/zod";
import { cachedUntilFailure, readSsmParameters } from "../secrets/ssm-parameters.ts";
import type { SpotPriceProvider, SpotQuote } from "./spot-quote.ts";

const LATEST_URL = "https://api.metals.dev/v1/latest";
const TIMEOUT_MS = 5_000;

/** The fields of a latest answer read here; each price is checked by the caller (a non-number is a bad reading). */
const LATEST_ANSWER_SCHEMA = z.object({
  status: z.optional(z.string()),
  currency: z.optional(z.string()),
  unit: z.optional(z.string()),
  error_message: z.optional(z.string()),
  metals: z.optional(z.record(z.string(), z.unknown())),
  timestamps: z.optional(z.object({ metal: z.optional(z.string()) })),
});

export function metalsDevProvider(keyParameter: string): SpotPriceProvider {
  const apiKey = cachedUntilFailure(async () => (await readSsmParameters([keyParameter]))[0] ?? "");
  return {
    name: "metals.dev",
    async latest(now) {
      const url = `${LATEST_URL}?api_key=${encodeURIComponent(await apiKey())}&currency=USD&unit=toz`;
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      // An answer that is no JSON, or not of this shape, says nothing: it has no prices.
      const read = z.safeParse(LATEST_ANSWER_SCHEMA, await response.json().catch(() => null));
      const answer = read.success ? read.data : {};
      if (!response.ok || answer.status !== "success") {
        throw new Error(`metals.dev answered ${response.status}: ${answer.error_message ?? "no prices"}`);
      }
      if (answer.currency !== undefined && answer.currency !== "USD")
        throw new Error(`metals.dev answered prices in ${answer.currency}, not USD`);
      if (answer.unit !== undefined && answer.unit !== "toz")
        throw new Error(`metals.dev answered prices per ${answer.unit}, not per troy ounce`);
      const quoted = Date.parse(answer.timestamps?.metal ?? "");
      const at = Number.isFinite(quoted) ? quoted : now;
      return SPOT_METALS.map((metal): SpotQuote => ({ metal, usdPerOz: Number(answer.metals?.[metal]), at }));
    },
  };
}
