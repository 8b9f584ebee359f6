import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { SESSION_COOKIE, SESSION_DAYS, SIGNED_IN_HINT_COOKIE } from "#shared/constants";

/**
 * The session cookie's name: `__Host-sid` wherever the site is https (the browser then refuses it
 * unless it is Secure, for the whole host, set by the host itself: no sibling subdomain can plant
 * one), plain `sid` on http://localhost, where a Secure cookie would be dropped.
 */
export function sessionCookieName(host: string | undefined): string {
  return isLocalHost(host) ? SESSION_COOKIE : `__Host-${SESSION_COOKIE}`;
}

/** A cookie's value, or undefined when it is absent or not valid percent-encoding. */
export function readCookie(cookies: readonly string[] | undefined, name: string): string | undefined {
  for (const entry of cookies ?? []) {
    for (const part of entry.split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0 && part.slice(0, eq).trim() === name) {
        try {
          return decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          // A malformed value is no session, not a server error.
          return undefined;
        }
      }
    }
  }
  return undefined;
}

/** The session token the request carries, under the name its host uses. */
/** The session token of a request: its cookies (an HTTP API event) or its Cookie header (a socket handshake). */
export type CookieCarrier = Pick<APIGatewayProxyEventV2, "headers"> & { cookies?: string[] };

function cookiesOf(event: CookieCarrier): string[] | undefined {
  const header = event.headers?.cookie;
  return event.cookies ?? (header ? header.split(";") : undefined);
}

export function readSessionToken(event: CookieCarrier): string | undefined {
  return readCookie(cookiesOf(event), sessionCookieName(event.headers?.host));
}

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
function isLocalHost(host: string | undefined): boolean {
  return !!host && /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
}

/** The session cookie (HttpOnly) and its readable signed-in hint, with the same life. */
export function sessionCookies(token: string, host: string | undefined): string[] {
  const secure = isLocalHost(host) ? "" : "; Secure";
  const maxAge = SESSION_DAYS * 86400;
  return [
    `${sessionCookieName(host)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
    `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure}`,
  ];
}

export function clearedSessionCookies(host: string | undefined): string[] {
  const secure = isLocalHost(host) ? "" : "; Secure";
  return [
    `${sessionCookieName(host)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`,
    `${SIGNED_IN_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure}`,
  ];
}

/** The sign-in waiting for its second factor: HttpOnly, five minutes, sent back only to finish it. */
export function pendingLoginCookieName(host: string | undefined): string {
  return isLocalHost(host) ? PENDING_LOGIN_COOKIE : `__Host-${PENDING_LOGIN_COOKIE}`;
}

const PENDING_LOGIN_COOKIE = "pending_login";

export function pendingLoginCookie(token: string, host: string | undefined, maxAgeSeconds: number): string {
  const secure = isLocalHost(host) ? "" : "; Secure";
  return `${pendingLoginCookieName(host)}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearedPendingLoginCookie(host: string | undefined): string {
  const secure = isLocalHost(host) ? "" : "; Secure";
  return `${pendingLoginCookieName(host)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`;
}

export function readPendingLoginToken(event: CookieCarrier): string | undefined {
  return readCookie(cookiesOf(event), pendingLoginCookieName(event.headers?.host));
}
