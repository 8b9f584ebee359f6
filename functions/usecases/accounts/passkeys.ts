/** A user's passkeys: the list and removal (no WebAuthn here: the ceremonies are passkey-ceremonies.ts). */
import type { PasskeyView } from "#shared/schemas/passkeys";
import { deletePasskey, listUserPasskeys, type PasskeyRecord } from "../../adapters/dynamo/passkeys-repo.ts";
import { notFound } from "../../domain/errors.ts";
import { PASSKEY_MESSAGES } from "../../domain/passkeys.ts";

export const toPasskeyView = (passkey: PasskeyRecord): PasskeyView => ({
  id: passkey.credentialId,
  name: passkey.name,
  createdAt: new Date(passkey.createdAt).toISOString(),
  lastUsedAt: passkey.lastUsedAt ? new Date(passkey.lastUsedAt).toISOString() : null,
});

export async function listPasskeys(userId: string): Promise<PasskeyView[]> {
  const passkeys = await listUserPasskeys(userId);
  return passkeys.sort((a, b) => b.createdAt - a.createdAt).map(toPasskeyView);
}

/** Removes one of the caller's passkeys; another's, or none, is 404 alike (no way to learn whose it is). */
export async function removePasskey(userId: string, credentialId: string): Promise<void> {
  if (!(await deletePasskey(userId, credentialId))) throw notFound(PASSKEY_MESSAGES.notFound);
}
