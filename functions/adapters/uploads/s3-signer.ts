import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import type { SignedUploadForm, UploadPolicy, UploadSigner } from "./port.ts";

/** S3 presigned POST: S3 itself refuses a file of another type or over the size (docs/architecture.md). */
export function s3UploadSigner(bucket: string, client = new S3Client({})): UploadSigner {
  return {
    async sign(policy: UploadPolicy): Promise<SignedUploadForm> {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: policy.key,
        Conditions: [
          ["content-length-range", 1, policy.maxBytes],
          ["eq", "$Content-Type", policy.contentType],
        ],
        Fields: { "Content-Type": policy.contentType },
        Expires: policy.expiresInSeconds,
      });
      return { url, fields };
    },
  };
}
