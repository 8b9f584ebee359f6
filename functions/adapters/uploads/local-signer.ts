import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import * as z from "#shared/schemas/zod";
import type { SignedUploadForm, UploadPolicy, UploadSigner } from "./port.ts";

/**
 * The local stack's stand-in for S3's presigned POST (scripts/local/gateway/media-api.ts accepts the
 * form): the same fields S3 uses (`key`, `Content-Type`, `policy`), the policy signed with a secret of
 * this process instead of AWS credentials. The gateway and the handlers share the process, so the
 * secret never leaves it.
 */
const secret = process.env.LOCAL_MEDIA_SECRET || randomBytes(32).toString("hex");

/** Where the browser posts the form: the gateway, through the same-origin proxy (as /media/* on the site). */
export const LOCAL_UPLOAD_PATH = "/media";

const LOCAL_POLICY_SCHEMA = z.object({
  key: z.string(),
  contentType: z.string(),
  maxBytes: z.number(),
  expiresAt: z.number(),
});
type LocalPolicy = z.infer<typeof LOCAL_POLICY_SCHEMA>;

const signatureOf = (policy: string) => createHmac("sha256", secret).update(policy).digest("base64url");

export function localUploadSigner(now: () => number = Date.now): UploadSigner {
  return {
    async sign(policy: UploadPolicy): Promise<SignedUploadForm> {
      const body: LocalPolicy = {
        key: policy.key,
        contentType: policy.contentType,
        maxBytes: policy.maxBytes,
        expiresAt: now() + policy.expiresInSeconds * 1000,
      };
      const encoded = Buffer.from(JSON.stringify(body)).toString("base64url");
      return {
        url: LOCAL_UPLOAD_PATH,
        fields: {
          key: policy.key,
          "Content-Type": policy.contentType,
          policy: encoded,
          "x-local-signature": signatureOf(encoded),
        },
      };
    },
  };
}

export type LocalUploadCheck =
  | { ok: true; key: string; contentType: string }
  | { ok: false; message: string };

/** What S3 checks on a presigned POST, with the local stack's 400 `{message}` answers. */
export function checkLocalUpload(
  fields: Record<string, string>,
  file: { size: number; type: string } | null,
  now: number,
): LocalUploadCheck {
  const encoded = fields.policy ?? "";
  const given = Buffer.from(fields["x-local-signature"] ?? "");
  const expected = Buffer.from(signatureOf(encoded));
  if (!encoded || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, message: "Invalid upload policy signature" };
  }
  // Signed by this process, so it parses: a failure here is a bug, not a client's mistake.
  const policy = z.parse(LOCAL_POLICY_SCHEMA, JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")));
  if (policy.expiresAt < now) return { ok: false, message: "Upload policy expired" };
  if (fields.key !== policy.key) return { ok: false, message: "Upload key does not match the policy" };
  if (fields["Content-Type"] !== policy.contentType) {
    return { ok: false, message: "Content type does not match the policy" };
  }
  if (!file) return { ok: false, message: "No file in the upload" };
  if (file.size < 1 || file.size > policy.maxBytes) {
    return { ok: false, message: `File size must be between 1 and ${policy.maxBytes} bytes` };
  }
  return { ok: true, key: policy.key, contentType: policy.contentType };
}
