/**
 * The local stack's VAPID keys (the stand-in for the SSM parameters of a deployed stage): generated
 * once with web-push and kept in `.data/vapid-keys.json`, so the subscriptions a browser made against
 * the public key stay valid across restarts. A throwaway (in-memory) stack gets throwaway keys.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import webpush from "web-push";
import { repoRoot } from "./paths.ts";

export const defaultVapidKeysFile = join(repoRoot, ".data", "vapid-keys.json");

/** The handlers' environment of the keys: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT. */
export function localVapidEnvironment(file: string | null = defaultVapidKeysFile): Record<string, string> {
  const keys = file ? storedKeys(file) : webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: "mailto:push@example.com",
  };
}

function storedKeys(file: string): { publicKey: string; privateKey: string } {
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === "string" && typeof stored.privateKey === "string")
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
