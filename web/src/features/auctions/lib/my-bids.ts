import { useSyncExternalStore } from "react";

/**
 * The auctions this browser knows the signed-in user bid on, so a card in the live grid can say
 * "You've been outbid" when someone else leads (the public list says who leads, not who else bid).
 * Kept per user in localStorage so it survives a reload; the detail page knows for sure (`me`).
 */
const STORAGE_PREFIX = "bid-on:";
const MAX_REMEMBERED = 200;
const listeners = new Set<() => void>();
const cache = new Map<string, ReadonlySet<string>>();

function read(username: string): ReadonlySet<string> {
  const cached = cache.get(username);
  if (cached) return cached;
  let ids: string[] = [];
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + username);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === "string");
  } catch {
    // Storage blocked or damaged: start afresh; the detail page still knows from the server.
  }
  const set = new Set(ids);
  cache.set(username, set);
  return set;
}

/** Remembers that `username` bid on `auctionId` (idempotent). */
export function rememberBid(username: string, auctionId: string): void {
  const known = read(username);
  if (known.has(auctionId)) return;
  const next = new Set([...known, auctionId].slice(-MAX_REMEMBERED));
  cache.set(username, next);
  try {
    localStorage.setItem(STORAGE_PREFIX + username, JSON.stringify([...next]));
  } catch {
    // Kept for this visit only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the user is known to have bid on the auction. */
export function useHasBidOn(username: string | undefined, auctionId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (username ? read(username).has(auctionId) : false),
    () => false,
  );
}
