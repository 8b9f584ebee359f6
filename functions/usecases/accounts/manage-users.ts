import {
  adjustBidBalance,
  deleteUserAccount,
  setPasswordHash,
} from "../../adapters/dynamo/admin-users-repo.ts";
import { deleteAllPasskeys } from "../../adapters/dynamo/passkeys-repo.ts";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { deleteAllSessions } from "../../adapters/dynamo/sessions-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { passwordParams } from "../../config/runtime.ts";
import { userDeletionRefusal } from "../../domain/approvals.ts";
import { badRequest, conflict, notFound, serviceUnavailable } from "../../domain/errors.ts";
import { hashPassword } from "../../domain/passwords.ts";

const USER_NOT_FOUND = "User not found";

/**
 * Sets a new password, signs the user out everywhere and removes their passkeys (pending two-factor
 * sign-ins die with the old password's stamp): whoever knew the old one, or planted a passkey, loses access.
 */
export async function resetUserPassword(
  userId: string,
  newPassword: string,
): Promise<{ sessionsEnded: number }> {
  const updated = await setPasswordHash(userId, await hashPassword(newPassword, passwordParams()));
  if (!updated) throw notFound(USER_NOT_FOUND);
  const sessionsEnded = await deleteAllSessions(userId);
  await deleteAllPasskeys(userId);
  return { sessionsEnded };
}

/** Adds or removes credits; the balance never goes below zero. */
export async function adjustUserBids(userId: string, amount: number): Promise<{ newBalance: number }> {
  const newBalance = await adjustBidBalance(userId, amount);
  if (newBalance === null) throw notFound(USER_NOT_FOUND);
  if (newBalance === "busy") throw serviceUnavailable("The balance is changing right now. Please try again.");
  return { newBalance };
}

const MAX_DELETE_ROUNDS = 3;

/**
 * Removes an account (docs/architecture.md section 5): never the caller's own; frees the username and email,
 * ends every session, keeps bids and orders (separate items) readable.
 */
export async function deleteUser(actorUserId: string, userId: string): Promise<void> {
  const refusal = userDeletionRefusal(actorUserId, userId);
  if (refusal) throw badRequest(refusal);
  return retrying(
    { attempts: MAX_DELETE_ROUNDS },
    async () => {
      const user = await getUser(userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      const seller = user.sellerId ? await getSeller(user.sellerId) : null;
      const outcome = await deleteUserAccount(user, seller);
      if (outcome === "gone") throw notFound(USER_NOT_FOUND);
      if (outcome === "deleted") {
        await deleteAllSessions(userId);
        return;
      }
      // The account or its seller application changed while we looked: read again.
      return RETRY;
    },
    () => {
      throw conflict("This user changed while being deleted. Please try again.");
    },
  );
}
