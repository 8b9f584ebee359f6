/** Where the boot script leaves its early request for the app. */
export const EARLY_REQUEST_GLOBAL = "__pennyEarlyRequest";

/**
 * The attribute of the auction skeleton's title slot (and, with `-placeholder`, of the bar shown while it
 * is empty), which the boot script fills with the auction's name when its answer comes first.
 */
export const AUCTION_TITLE_SLOT = "data-auction-title";

/** What the boot script (web/shells.ts BOOT_SCRIPT) leaves: one GET started before the bundle loaded. */
interface EarlyRequest {
  url: string;
  response: Promise<{ response: Response; receivedAt: number }>;
  /** An auction's answer, parsed (from a clone: the response's own body is left to the app), once in. */
  answer?: { data: unknown; receivedAt: number };
  /** Set when the app starts rendering: from then on the boot script leaves the page alone. */
  appStarted?: boolean;
}

declare global {
  interface Window {
    [EARLY_REQUEST_GLOBAL]?: EarlyRequest;
  }
}

/**
 * The answer to the page's data request that the boot script started before the JavaScript arrived,
 * when `url` is that request; once only: the next read (a poll a second later) asks the server anew.
 */
export function takeEarlyResponse(url: string): EarlyRequest["response"] | undefined {
  if (typeof window === "undefined") return undefined;
  const early = window[EARLY_REQUEST_GLOBAL];
  if (!early || early.url !== url) return undefined;
  window[EARLY_REQUEST_GLOBAL] = undefined;
  return early.response;
}

/**
 * Called as the app starts its first render: the boot script no longer writes into the prerendered
 * page, and this returns what it already has for `url` (an auction's parsed answer), if anything. The
 * request itself stays for `takeEarlyResponse`.
 */
export function startAppWithEarlyAnswer(url: string | null): EarlyRequest["answer"] | undefined {
  if (typeof window === "undefined") return undefined;
  const early = window[EARLY_REQUEST_GLOBAL];
  if (!early) return undefined;
  early.appStarted = true;
  return early.url === url ? early.answer : undefined;
}
