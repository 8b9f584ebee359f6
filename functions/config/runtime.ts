// Settings read from the environment, per call so tests can change them.
import { DEFAULT_AUCTION_DURATION_SECONDS } from "#shared/constants";
import { decimalToCents } from "#shared/money";
import type { AppConfig } from "#shared/schemas/payments";
import { serviceUnavailable } from "../domain/errors.ts";
import { LOW_COST_PASSWORD_PARAMS, PASSWORD_PARAMS, type PasswordParams } from "../domain/passwords.ts";
import { DEFAULT_BUY_NOW_PAYMENT_DAYS, DEFAULT_WIN_PAYMENT_DAYS } from "../domain/payment-deadlines.ts";
import { MAX_SOCKETS_PER_ADDRESS } from "../domain/realtime-limits.ts";
import { DEFAULT_REFERRAL_BIDS } from "../domain/referrals.ts";
import { DEFAULT_SHIP_WITHIN_DAYS } from "../domain/ship-by.ts";
import { DEFAULT_WIN_LIMIT, type WinLimit } from "../domain/who-may-bid.ts";

/** Origins allowed to send mutations (besides the request's own host). */
export function allowedOrigins(): string[] {
  return (process.env.ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * Registrations per address per 15 minutes. The local stack raises it: every browser of `npm run dev`
 * and of the browser tests comes from 127.0.0.1.
 */
export function registrationsPerAddress(): number | undefined {
  const value = Number(process.env.REGISTRATIONS_PER_ADDRESS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Contact Us messages per network address per hour; the local stack raises it, like registrations. */
export function supportMessagesPerAddress(): number | undefined {
  const value = Number(process.env.SUPPORT_MESSAGES_PER_ADDRESS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export const DEFAULT_SUPPORT_EMAIL = "support@example.com";

/**
 * Where Contact Us messages go and the address the Contact Us page shows (SUPPORT_EMAIL, set by CDK
 * from the stage's `supportEmail`); the local stack uses the default, read in its outbox.
 */
export function supportEmailAddress(): string {
  return process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

/**
 * Whether staff must sign in with a second factor (REQUIRE_ADMIN_TWO_FACTOR=1): on in production,
 * off in the local stack and tests unless they set it.
 */
export function adminTwoFactorRequired(): boolean {
  return process.env.REQUIRE_ADMIN_TWO_FACTOR === "1";
}

/** The local stack (LOCAL_STACK=1, set by scripts/local/stack-env.ts only): its push service stand-in is accepted. */
export function onLocalStack(): boolean {
  return process.env.LOCAL_STACK === "1";
}

/**
 * The scrypt cost new password hashes get: the real one, except when the test suites ask for the low
 * one (PASSWORD_HASH_COST=low, honoured on the local stack only; CDK sets neither, tests/infra checks).
 * Hashes carry their parameters, so either verifies anywhere.
 */
export function passwordParams(): PasswordParams {
  return onLocalStack() && process.env.PASSWORD_HASH_COST === "low"
    ? LOW_COST_PASSWORD_PARAMS
    : PASSWORD_PARAMS;
}

/** Open sockets per address (functions/domain/realtime-limits.ts); the local stack raises it, like registrations. */
export function socketsPerAddress(): number {
  const value = Number(process.env.SOCKETS_PER_ADDRESS);
  return Number.isInteger(value) && value > 0 ? value : MAX_SOCKETS_PER_ADDRESS;
}

/** The published win limit (WIN_LIMIT_WINS wins in WIN_LIMIT_DAYS days), per stage. */
export function winLimitConfig(): WinLimit {
  const wins = Number(process.env.WIN_LIMIT_WINS);
  const days = Number(process.env.WIN_LIMIT_DAYS);
  return {
    wins: Number.isInteger(wins) && wins > 0 ? wins : DEFAULT_WIN_LIMIT.wins,
    days: Number.isInteger(days) && days > 0 ? days : DEFAULT_WIN_LIMIT.days,
  };
}

export function defaultAuctionDurationSeconds(): number {
  const value = Number(process.env.AUCTION_DEFAULT_DURATION_SECONDS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_AUCTION_DURATION_SECONDS;
}

export const DEFAULT_BID_VALUE_CENTS = 60;

/** What one bid earns toward Buy It Now (BID_VALUE, a decimal such as "0.60"), per stage. */
export function bidValueCents(): number {
  const cents = decimalToCents(process.env.BID_VALUE ?? "");
  return cents !== null && cents >= 0 ? cents : DEFAULT_BID_VALUE_CENTS;
}

const positiveInteger = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Days a winner has to pay a win (WIN_PAYMENT_DAYS), per stage. */
export function winPaymentDays(): number {
  return positiveInteger(process.env.WIN_PAYMENT_DAYS, DEFAULT_WIN_PAYMENT_DAYS);
}

/** Days a seller has to mark a paid order shipped (SHIP_WITHIN_DAYS), per stage. */
export function shipWithinDays(): number {
  return positiveInteger(process.env.SHIP_WITHIN_DAYS, DEFAULT_SHIP_WITHIN_DAYS);
}

/** Days a buyer has to pay a Buy It Now order (BUY_NOW_PAYMENT_DAYS), per stage. */
export function buyNowPaymentDays(): number {
  return positiveInteger(process.env.BUY_NOW_PAYMENT_DAYS, DEFAULT_BUY_NOW_PAYMENT_DAYS);
}

/** The voucher bids each side of a rewarded invitation gets (REFERRAL_BIDS), per stage. */
export function referralBids(): number {
  return positiveInteger(process.env.REFERRAL_BIDS, DEFAULT_REFERRAL_BIDS);
}

export const SITE_NAME = "Precious Metals Auctions";

/** The site emails link back to: SITE_URL (set by CDK and the local stack), else the first allowed origin. */
export function getEmailSite(): { name: string; url: string } {
  const url = process.env.SITE_URL || allowedOrigins()[0] || "http://localhost:5173";
  return { name: SITE_NAME, url: url.replace(/\/+$/, "") };
}

/**
 * Every origin the site is served from, the one its emails link to first: a passkey's relying party is
 * one of them (domain/passkeys.ts relyingParty).
 */
export function siteOrigins(): string[] {
  return [...new Set([new URL(getEmailSite().url).origin, ...allowedOrigins()])];
}

/** The Event API's endpoints, when the stage has one (EVENT_API_HTTP_ENDPOINT, EVENT_API_REALTIME_ENDPOINT). */
export function eventApiEndpoints(): { httpEndpoint: string; realtimeEndpoint: string } | undefined {
  const httpEndpoint = process.env.EVENT_API_HTTP_ENDPOINT;
  const realtimeEndpoint = process.env.EVENT_API_REALTIME_ENDPOINT;
  return httpEndpoint && realtimeEndpoint ? { httpEndpoint, realtimeEndpoint } : undefined;
}

/**
 * Where the web gets live updates: the Event API when the stage has one, with the public
 * subscribe-only key the rotation serves (the table's, never one in the environment), else the
 * WebSocket API on the site's own host.
 */
export function liveConfig(
  endpoints: ReturnType<typeof eventApiEndpoints>,
  apiKey: string | undefined,
): AppConfig["live"] {
  if (endpoints) {
    // Only before the deploy-time rotation has run: a page asks again.
    if (!apiKey) throw serviceUnavailable("Live updates are starting. Please try again.");
    return { transport: "events", ...endpoints, apiKey, channelPrefix: "/auctions" };
  }
  return { transport: "websocket", url: process.env.LIVE_WEBSOCKET_URL || "/ws" };
}
