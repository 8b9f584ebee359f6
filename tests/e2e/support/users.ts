/**
 * Users for the browser tests: written straight to the table (with their credits) and signed in
 * through the real login, each in a page of its own.
 *
 *   const buyer = await signedIn("buyer", { bidBalance: 5 });
 *   const seller = await signedIn("seller", { approved: true, viewport: { width: 390, height: 844 } });
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { UserRole } from "#shared/constants";
import { setSellerStatus } from "../../../functions/adapters/dynamo/sellers-repo.ts";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { newPage } from "./browser.ts";

export const PASSWORD = "password123";

export interface SignedIn {
  page: Page;
  id: string;
  username: string;
  sellerId?: string;
}

export interface Viewport {
  width: number;
  height: number;
}

/**
 * A page at this size; below 500 px wide it is a phone (mobile viewport, touch). `timezoneId` sets the
 * browser's own time zone, for pages that must show times in the viewer's.
 */
export function pageAt(viewport?: Viewport, timezoneId?: string, baseURL?: string): Promise<Page> {
  const zone = { ...(timezoneId ? { timezoneId } : {}), ...(baseURL ? { baseURL } : {}) };
  if (!viewport) return newPage(zone);
  const phone = viewport.width < 500;
  return newPage({ viewport, isMobile: phone, hasTouch: phone, ...zone });
}

/** A user written straight to the table who never signs in: a seller to list for, a bidder to bid by. */
export function storedUser(role: UserRole, bidBalance = 0) {
  const username = `e2e${role[0]}${Math.random().toString(36).slice(2, 11)}`;
  return createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: "unused",
    role,
    now: Date.now(),
    bidBalance,
  });
}

export async function signedIn(
  role: UserRole,
  options: {
    bidBalance?: number;
    viewport?: Viewport;
    approved?: boolean;
    timezoneId?: string;
    /** Another of the site's origins than webUrl()'s (passkeys need a hostname, not 127.0.0.1). */
    baseURL?: string;
  } = {},
): Promise<SignedIn> {
  const username = `e2e${role[0]}${Math.random().toString(36).slice(2, 11)}`;
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(PASSWORD, passwordParams()),
    role,
    bidBalance: options.bidBalance ?? 0,
    now: Date.now(),
  });
  if (options.approved && user.sellerId) {
    await setSellerStatus(user.sellerId, {
      from: "pending",
      to: "approved",
      approvedAt: new Date().toISOString(),
    });
  }
  const page = await pageAt(options.viewport, options.timezoneId, options.baseURL);
  const res = await page.request.post("/api/auth/login", { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { page, id: user.id, username, ...(user.sellerId ? { sellerId: user.sellerId } : {}) };
}
