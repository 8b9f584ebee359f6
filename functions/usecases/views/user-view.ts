import type { AdminUser } from "#shared/schemas/admin";
import type { CurrentUser } from "#shared/schemas/auth";
import type { UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { emailIsVerified } from "../../domain/accounts.ts";
import { freeBids } from "../../domain/referrals.ts";

/** Who the account is and what it holds: the part the user and the admin both see. */
const accountOf = (user: UserRecord) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  bidBalance: user.bidBalance,
});

export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    ...accountOf(user),
    ...(user.sellerId ? { sellerId: user.sellerId } : {}),
    emailVerified: emailIsVerified(user.emailVerified),
    ...(user.pendingEmail ? { pendingEmail: user.pendingEmail } : {}),
    ...(freeBids(user.voucherBids, user.bidBalance) > 0
      ? { voucherBids: freeBids(user.voucherBids, user.bidBalance) }
      : {}),
  };
}

/** Only the fields the admin table shows: never the password hash, never a session. */
export function toAdminUser(user: UserRecord): AdminUser {
  return {
    ...accountOf(user),
    lastBidAt: user.lastBidAt ?? null,
    lastSeenAt: user.lastSeenAt ?? null,
    createdAt: user.createdAt,
    paymentFlag: user.paymentFlag ?? null,
  };
}
