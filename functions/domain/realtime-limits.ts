/**
 * What one client may ask of the live-update socket (docs/architecture.md section 4). Pure.
 *
 * Every frame a connection sends that asks for work (`hello`, `ping`, `watch`, a bad `watch` too)
 * costs one from its budget of MAX_SOCKET_FRAMES a minute, and each requested id that turned out to be
 * no auction at all costs one more (it cost a read and can never join the set); a spent budget answers
 * every frame with an error, changing nothing, until the next minute. A `watch` frame rewrites the
 * connection's watch items, so only auctions that are live (status active) join its set (ids of ended
 * or unknown auctions are left out of it, and of the `watching` answer), and only the ids that join or
 * leave the set are written. An address may hold MAX_SOCKETS_PER_ADDRESS connections open at once.
 */
export const WATCH_FRAME_WINDOW_MS = 60_000;
// Twice what the web sends at most (one watch a second, web/src/lib/realtime/socket.ts, and one hello when it
// opens), so no page of ours meets it.
export const MAX_SOCKET_FRAMES = 120;
export const SOCKET_FRAMES_MESSAGE = `Too many messages: at most ${MAX_SOCKET_FRAMES} a minute`;
/** Open sockets per address, unless the stage says otherwise (the local stack's browsers share 127.0.0.1). */
export const MAX_SOCKETS_PER_ADDRESS = 50;

export function watchFrameWindow(now: number): number {
  return Math.floor(now / WATCH_FRAME_WINDOW_MS);
}

/**
 * The set a watch frame leaves: the requested ids (once each, in order) that are already watched or are
 * live now. An id watched before stays without being read again; its auction's end is news to it.
 */
export function watchedSet(
  requested: readonly string[],
  alreadyWatched: ReadonlySet<string>,
  live: ReadonlySet<string>,
): string[] {
  return [...new Set(requested)].filter((id) => alreadyWatched.has(id) || live.has(id));
}

/** How a watch frame changes the stored set: the ids whose items are written and deleted. */
export function watchChanges(
  previous: readonly string[],
  next: readonly string[],
): { added: string[]; dropped: string[] } {
  const before = new Set(previous);
  const after = new Set(next);
  return {
    added: next.filter((id) => !before.has(id)),
    dropped: previous.filter((id) => !after.has(id)),
  };
}

/** The ids of a watch frame's read that are no auction at all: each costs the frame's budget one more. */
export function unknownIds(read: readonly string[], found: ReadonlySet<string>): number {
  return read.filter((id) => !found.has(id)).length;
}
