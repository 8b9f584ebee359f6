import type { PushPublicKey } from "#shared/schemas/push";
import { loadVapidPublicKey } from "../../adapters/push/vapid-keys.ts";
import { definePublicRoute } from "../../http/route.ts";

/** The VAPID public key a browser subscribes with (its applicationServerKey). */
export const route = definePublicRoute(
  {},
  async (): Promise<PushPublicKey> => ({ publicKey: await loadVapidPublicKey() }),
);
