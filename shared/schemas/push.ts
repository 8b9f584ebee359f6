import * as z from "./zod.ts";

/** The longest endpoint accepted: push services' URLs are a few hundred characters. */
const MAX_ENDPOINT_LENGTH = 2048;

const ENDPOINT_MESSAGE = "endpoint must be an https URL";

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const endpointSchema = z
  .string(z.typeMessages(ENDPOINT_MESSAGE, "endpoint is required"))
  .check(
    z.trim(),
    z.maxLength(MAX_ENDPOINT_LENGTH, `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`),
    z.refine(isHttpsUrl, { error: ENDPOINT_MESSAGE }),
  );

/**
 * A key of the browser's subscription, base64url without padding as `PushSubscription.toJSON()` gives
 * it, of the size the encryption needs (RFC 8291: a 65-byte P-256 point, a 16-byte secret).
 */
const base64urlKey = (name: string, bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  const message = `${name} must be base64url (${length} characters: ${bytes} bytes)`;
  return z
    .string(z.typeMessages(message, `${name} is required`))
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), message));
};

/** POST /api/me/push-subscriptions: the browser's `PushSubscription.toJSON()` (its other fields ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    { p256dh: base64urlKey("keys.p256dh", 65), auth: base64urlKey("keys.auth", 16) },
    z.typeMessages("keys must be an object {p256dh, auth}", "keys is required"),
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/me/push-subscriptions: which of the caller's subscriptions to forget. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/** GET /api/push/public-key: the VAPID public key the browser subscribes with (applicationServerKey). */
export interface PushPublicKey {
  publicKey: string;
}

/** What a push carries (the service worker shows it; a click opens `url`). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** GET /api/dev/push?userId= (local stack only). */
export const devPushQuerySchema = z.strictObject({
  userId: z
    .string(z.typeMessages("userId is required"))
    .check(z.trim(), z.minLength(1, "userId is required"), z.maxLength(64, "Invalid userId")),
});

/** One push the local push service received, as GET /api/dev/push lists it (newest first). */
export interface PushDelivery extends PushMessage {
  userId: string;
  endpoint: string;
  /** The alert it carried: outbid, won, ending_soon. */
  kind: string;
  /** 201 delivered; 404/410 the stand-in answered that the subscription is gone. */
  status: number;
  sentAt: string;
}
