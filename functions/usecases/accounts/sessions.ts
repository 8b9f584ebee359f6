/** Where the user is signed in, and signing out a device they no longer hold. */
import type { SessionView } from "#shared/schemas/accounts";
import {
  deleteAllSessions,
  deleteSessionByHash,
  listUserSessions,
  type SessionRecord,
} from "../../adapters/dynamo/sessions-repo.ts";
import { ACCOUNT_MESSAGES, publicSessionId } from "../../domain/accounts.ts";
import { notFound } from "../../domain/errors.ts";
import { hashSessionToken } from "../../domain/sessions.ts";

function toSessionView(session: SessionRecord, currentHash: string): SessionView {
  return {
    id: publicSessionId(session.tokenHash),
    current: session.tokenHash === currentHash,
    createdAt: new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    device: session.device ?? "Unknown device",
    maskedAddress: session.address ?? null,
  };
}

export async function listSessions(userId: string, token: string, now: number): Promise<SessionView[]> {
  const currentHash = hashSessionToken(token);
  const sessions = await listUserSessions(userId, now);
  // This device first, then the others by their last use.
  return sessions
    .map((session) => toSessionView(session, currentHash))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one of the user's sessions by the id the list showed; `current` when it was this very one. */
export async function endSession(
  userId: string,
  token: string,
  id: string,
  now: number,
): Promise<{ current: boolean }> {
  const session = (await listUserSessions(userId, now)).find((s) => publicSessionId(s.tokenHash) === id);
  if (!session) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  await deleteSessionByHash(session.tokenHash);
  return { current: session.tokenHash === hashSessionToken(token) };
}

export async function endOtherSessions(userId: string, token: string): Promise<{ ended: number }> {
  return { ended: await deleteAllSessions(userId, token) };
}
