import type { AdminUser } from "#shared/schemas/admin";
import type { CurrentUser } from "#shared/schemas/auth";
import type { UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { emailIsVerified } from "../../domain/accounts.ts";

export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    bidBalance: user.bidBalance,
    ...(user.sellerId ? { sellerId: user.sellerId } : {}),
    emailVerified: emailIsVerified(user.emailVerified),
    ...(user.pendingEmail ? { pendingEmail: user.pendingEmail } : {}),
  };
}

/** Only the fields the admin table shows: never the password hash, never a session. */
export function toAdminUser(user: UserRecord): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    bidBalance: user.bidBalance,
    lastBidAt: user.lastBidAt ?? null,
    lastSeenAt: user.lastSeenAt ?? null,
    createdAt: user.createdAt,
    paymentFlag: user.paymentFlag ?? null,
  };
}
