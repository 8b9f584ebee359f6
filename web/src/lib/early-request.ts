/** Where the boot script leaves its early request for the app. */
export const EARLY_REQUEST_GLOBAL = "__pennyEarlyRequest";

/** What the boot script (web/shells.ts BOOT_SCRIPT) leaves: one GET started before the bundle loaded. */
interface EarlyRequest {
  url: string;
  response: Promise<{ response: Response; receivedAt: number }>;
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
