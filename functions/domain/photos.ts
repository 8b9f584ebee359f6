/**
 * Product photo rules: who may upload, and where a photo lives. Pure: callers pass the
 * caller's role, their seller status and the id to use.
 */
import type { ApprovalStatus, UserRole } from "#shared/constants";
import type { PhotoContentType } from "#shared/schemas/uploads";

const EXTENSIONS: Record<PhotoContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Uploads live under `media/` because CloudFront's `/media/*` behaviour forwards the path as the object key. */
export const PHOTO_KEY_PREFIX = "media/uploads/";

export function photoKey(id: string, contentType: PhotoContentType): string {
  return `${PHOTO_KEY_PREFIX}${id}.${EXTENSIONS[contentType]}`;
}

/** The page address of a stored photo: same origin, so no mixed content and no other host. */
export function photoUrl(key: string): string {
  return `/${key}`;
}

/** How long a signed upload form stays usable: enough to send 5 MB from a slow phone. */
export const UPLOAD_FORM_SECONDS = 10 * 60;

/** Admins and approved sellers upload; everyone else gets the reason (null = allowed). */
export function photoUploadRefusal(role: UserRole, sellerStatus: ApprovalStatus | null): string | null {
  if (role === "admin") return null;
  if (role !== "seller") return "Only sellers and admins can upload product photos";
  if (sellerStatus === "approved") return null;
  return "Your seller account must be approved before you can upload product photos";
}
