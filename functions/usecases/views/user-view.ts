import type { CurrentUser } from "#shared/schemas/auth";
import type { UserRecord } from "../../adapters/dynamo/users-repo.ts";

export function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    bidBalance: user.bidBalance,
    ...(user.sellerId ? { sellerId: user.sellerId } : {}),
  };
}
