import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { UserRole } from "#shared/constants";
import { db, tableName } from "../../functions/adapters/dynamo/client.ts";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { createUser } from "../../functions/adapters/dynamo/users-repo.ts";
import { passwordParams } from "../../functions/config/runtime.ts";
import { hashPassword } from "../../functions/domain/passwords.ts";

export const DEFAULT_ADMIN_PASSWORD = "admin-password";
export const DEMO_BUYER = { username: "buyer", email: "buyer@example.com", password: "buyer-password" };

/** Creates the account unless its username is taken; returns whether it was created. */
export async function ensureAccount(account: {
  username: string;
  email: string;
  password: string;
  role: UserRole;
  bidBalance?: number;
}): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.usernameGuard(account.username) }),
  );
  if (Item) return false;
  await createUser({
    username: account.username,
    email: account.email,
    passwordHash: await hashPassword(account.password, passwordParams()),
    role: account.role,
    bidBalance: account.bidBalance ?? 0,
    now: Date.now(),
    emailVerified: true,
  });
  return true;
}

export async function seedAccounts(adminPassword: string) {
  await ensureAccount({
    username: "admin",
    email: "admin@example.com",
    password: adminPassword,
    role: "admin",
  });
  await ensureAccount({ ...DEMO_BUYER, role: "buyer", bidBalance: 50 });
}
