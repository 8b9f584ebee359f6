/**
 * Signs a browser's direct upload of one file (an S3 presigned POST, or the local stand-in's form):
 * the policy fixes the object key, the content type and the largest size, so whatever the browser
 * sends, nothing else can be stored under that form.
 */
export interface UploadPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

export interface SignedUploadForm {
  url: string;
  /** Form fields to send before the file, unchanged. */
  fields: Record<string, string>;
}

export interface UploadSigner {
  sign(policy: UploadPolicy): Promise<SignedUploadForm>;
}
