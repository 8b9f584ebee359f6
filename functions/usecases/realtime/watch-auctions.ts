/**
 * A socket's `watch` frame and its `$connect`, within the limits of functions/domain/realtime-limits.ts.
 */
import { getAuctionsByIds } from "../../adapters/dynamo/auctions-repo.ts";
import {
  CONNECTION_TTL_SECONDS,
  countSocketFrame,
  openAddressConnection,
  replaceWatches,
  saveConnection,
} from "../../adapters/dynamo/connections-repo.ts";
import {
  MAX_SOCKET_FRAMES,
  unknownIds,
  watchChanges,
  watchedSet,
  watchFrameWindow,
} from "../../domain/realtime-limits.ts";

export type WatchOutcome =
  | { kind: "watching"; auctionIds: string[] }
  | { kind: "limited" }
  | { kind: "gone" };

/** Counts one frame against the connection's minute (a hello, a ping, a watch that failed validation). */
export async function countFrame(connectionId: string, now: number): Promise<"counted" | "limited" | "gone"> {
  return (await countSocketFrame(connectionId, watchFrameWindow(now), MAX_SOCKET_FRAMES)).kind;
}

/**
 * Narrows what `connectionId` hears to the live auctions among `requested`: counted first (a spent
 * minute changes nothing), then only the ids not watched yet are read, and only the ids that join or
 * leave the set are written; the ids that were no auction are counted against the minute with them.
 */
export async function watchAuctions(
  connectionId: string,
  requested: readonly string[],
  now: number,
): Promise<WatchOutcome> {
  const frame = await countSocketFrame(connectionId, watchFrameWindow(now), MAX_SOCKET_FRAMES);
  if (frame.kind !== "counted") return frame;
  const already = new Set(frame.watching);
  const unread = [...new Set(requested)].filter((id) => !already.has(id));
  const found = unread.length ? await getAuctionsByIds(unread) : [];
  const live = new Set(found.filter((a) => a.status === "active").map((a) => a.id));
  const next = watchedSet(requested, already, live);
  const { added, dropped } = watchChanges(frame.watching, next);
  const expiresAt = frame.expiresAt || Math.floor(now / 1000) + CONNECTION_TTL_SECONDS;
  const charge = unknownIds(unread, new Set(found.map((a) => a.id)));
  if (!(await replaceWatches(connectionId, { next, added, dropped }, expiresAt, charge)))
    return { kind: "gone" };
  return { kind: "watching", auctionIds: next };
}

/**
 * Records a new connection, unless its address holds `cap` open already (false: refuse it). A
 * connection without a known address (none in AWS) is not counted.
 */
export async function openConnection(input: {
  connectionId: string;
  userId?: string;
  address?: string;
  cap: number;
  now: number;
}): Promise<boolean> {
  if (input.address && !(await openAddressConnection(input.address, input.cap, input.now))) return false;
  await saveConnection(input);
  return true;
}
