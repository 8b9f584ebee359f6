/**
 * People with known passwords, and the account emails they receive: links are queued by the routes
 * themselves (usecases/accounts/account-emails.ts), so the local queue and sender deliver them to the
 * outbox, which GET /api/dev/outbox reads.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { OutboxEmail } from "#shared/schemas/notifications";
import { createUser } from "../../../functions/adapters/dynamo/users-repo.ts";
import { installEmailQueue } from "../../../functions/adapters/email/email-queue.ts";
import { passwordParams } from "../../../functions/config/runtime.ts";
import { hashPassword } from "../../../functions/domain/passwords.ts";
import { createLocalEmailQueue, type LocalEmailQueue } from "../../../scripts/local/email-queue.ts";
import { type ApiRequest, invokeRoute } from "../../../scripts/local/invoke-route.ts";

export const MINUTE = 60_000;

/** Installs a local email queue for the file's tests; `settled()` waits until every queued email is sent. */
export function useAccountEmails() {
  let queue: LocalEmailQueue;
  beforeAll(() => {
    queue = createLocalEmailQueue({ retryDelayMs: 10, log: () => {} });
    installEmailQueue(queue);
  });
  afterAll(async () => {
    await queue?.stop();
    installEmailQueue(null);
  });
  return { settled: () => queue.idle() };
}

let counter = 0;
export const uniqueName = (prefix: string) => {
  counter += 1;
  return `${prefix}${counter}_${Math.random().toString(36).slice(2, 7)}`;
};

/** An account staff or a script made (stored as verified), with a password that signs in. */
export async function existingAccount(password = "first-password") {
  const username = uniqueName("acct");
  const user = await createUser({
    emailVerified: true,
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(password, passwordParams()),
    role: "buyer",
    now: Date.now(),
  });
  return { ...user, password };
}

/** An existing account signed in by password: the account and its session cookie. */
export async function signedInAccount() {
  const user = await existingAccount();
  const cookie = cookieOf(await login(user.username, user.password));
  return { user, cookie };
}

/** An account registered through the route (unverified), with its session cookie. */
export async function registered(password = "first-password") {
  const username = uniqueName("reg");
  const email = `${username}@example.com`;
  const res = await invokeRoute<{ id: string }>({
    method: "POST",
    path: "/api/auth/register",
    body: { username, email, password, role: "buyer" },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id, username, email, password, cookie: cookieOf(res) };
}

export const cookieOf = (res: { cookies: string[] }) => res.cookies[0]!.split(";")[0]!;

export const login = (username: string, password: string, extra: Partial<ApiRequest> = {}) =>
  invokeRoute<{ message?: string }>({
    method: "POST",
    path: "/api/auth/login",
    body: { username, password },
    ...extra,
  });

/** DELETE /api/me with this password. */
export const deleteAccount = (cookie: string, password: string) =>
  invokeRoute<{ message?: string }>({
    method: "DELETE",
    path: "/api/me",
    body: { password },
    cookies: [cookie],
  });

/** PUT /api/me/email: a change to `email`, confirmed with this password. */
export const changeEmail = (cookie: string, email: string, password: string) =>
  invokeRoute<{ message?: string; pendingEmail?: string }>({
    method: "PUT",
    path: "/api/me/email",
    body: { email, password },
    cookies: [cookie],
  });

export const me = (cookie: string) =>
  invokeRoute<{ id: string; email: string; emailVerified: boolean; pendingEmail?: string; message?: string }>(
    {
      method: "GET",
      path: "/api/auth/me",
      cookies: [cookie],
    },
  );

export async function outbox(to: string): Promise<OutboxEmail[]> {
  const res = await invokeRoute<OutboxEmail[]>({
    method: "GET",
    path: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Follows the newest verification link sent to `to`, as its owner would: the address is verified. */
export async function followVerificationLink(to: string): Promise<void> {
  const token = await linkToken(to, "verify_email", "/verify-email");
  expect(
    (await invokeRoute({ method: "POST", path: "/api/auth/verify-email", body: { token } })).status,
  ).toBe(200);
}

/** The token of the newest email of `kind` to `to`, read from its link (`<site><path>#token=`). */
export async function linkToken(to: string, kind: OutboxEmail["kind"], path: string): Promise<string> {
  const email = (await outbox(to)).find((e) => e.kind === kind);
  expect(email, `a ${kind} email to ${to}`).toBeDefined();
  const match = email!.text.match(new RegExp(`http://localhost:5173${path}#token=([A-Za-z0-9_-]+)`));
  expect(match, email!.text).not.toBeNull();
  return match![1]!;
}
