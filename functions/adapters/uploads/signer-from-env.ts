import { localUploadSigner } from "./local-signer.ts";
import type { UploadSigner } from "./port.ts";
import { s3UploadSigner } from "./s3-signer.ts";

let cached: UploadSigner | undefined;

/** S3 when the stage names a media bucket (CDK sets MEDIA_BUCKET), else the local stack's stand-in. */
export function uploadSigner(): UploadSigner {
  const bucket = process.env.MEDIA_BUCKET;
  cached ??= bucket ? s3UploadSigner(bucket) : localUploadSigner();
  return cached;
}
