import { SESSION_COOKIE, SESSION_DAYS } from "#shared/constants";

export function readCookie(cookies: readonly string[] | undefined, name: string): string | undefined {
  for (const entry of cookies ?? []) {
    for (const part of entry.split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return undefined;
}

/** Secure everywhere but plain-http localhost, where browsers would drop a Secure cookie. */
function isLocalHost(host: string | undefined): boolean {
  return !!host && /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
}

export function sessionCookie(token: string, host: string | undefined): string {
  const secure = isLocalHost(host) ? "" : "; Secure";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_DAYS * 86400}${secure}`;
}

export function clearedSessionCookie(host: string | undefined): string {
  const secure = isLocalHost(host) ? "" : "; Secure";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
