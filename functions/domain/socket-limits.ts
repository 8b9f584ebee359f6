/**
 * What one client may ask of the live-update socket (docs/architecture.md section 4). Pure.
 *
 * A `watch` frame rewrites the connection's watch items, so it is the socket's one write amplifier:
 * a connection may send MAX_WATCH_FRAMES of them per minute (more are answered with an error and
 * change nothing), only auctions that are live (status active) join its set (ids of ended or unknown
 * auctions are left out of it, and of the `watching` answer), and only the ids that join or leave the
 * set are written. An address may hold MAX_SOCKETS_PER_ADDRESS connections open at once.
 */
export const WATCH_FRAME_WINDOW_MS = 60_000;
// Twice what the web sends at most (one a second: web/src/lib/socket.ts), so no page of ours meets it.
export const MAX_WATCH_FRAMES = 120;
export const WATCH_FRAMES_MESSAGE = `Too many watch messages: at most ${MAX_WATCH_FRAMES} a minute`;
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
