import type { UserRole } from "#shared/constants";
import { cancellationCodes } from "../adapters/dynamo/conditions.ts";
import { getSession, touchSession } from "../adapters/dynamo/sessions-repo.ts";
import { sessionNeedsTouch } from "../domain/sessions.ts";
import { logger } from "../observability/logger.ts";
import { type CookieCarrier, readSessionToken, sessionCookies } from "./cookies.ts";

export interface Auth {
  userId: string;
  role: UserRole;
  username: string;
  /** The raw cookie token, for logout. */
  token: string;
  /** The session proved a second factor (domain/two-factor.ts staffSessionAllowed). */
  secondFactor: boolean;
}

/** Reads the session cookie (one GetItem) and, at most once a minute, slides its expiry. */
export async function resolveSession(
  event: CookieCarrier,
  now: number,
): Promise<{ auth: Auth | null; cookies: string[] }> {
  const token = readSessionToken(event);
  if (!token || token.length > 200) return { auth: null, cookies: [] };
  const session = await getSession(token, now);
  if (!session) return { auth: null, cookies: [] };
  const auth: Auth = {
    userId: session.userId,
    role: session.role,
    username: session.username,
    token,
    secondFactor: session.secondFactor === true,
  };
  if (!sessionNeedsTouch(session.lastSeenAt, now)) return { auth, cookies: [] };
  try {
    await touchSession(session, now);
  } catch (error) {
    // The user or session vanished between the read and the touch (deleted, logged out): signed out.
    if (cancellationCodes(error)) return { auth: null, cookies: [] };
    // Recording a visit is not worth failing the request over.
    logger.warn("session touch failed", { error: error as Error });
    return { auth, cookies: [] };
  }
  return { auth, cookies: sessionCookies(token, event.headers?.host) };
}
