import * as z from "./zod.ts";

/** What a product photo may be: the types every browser shows, and a size a phone photo fits. */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const PHOTO_TYPE_MESSAGE = "Photo must be a JPEG, PNG or WebP image";
export const PHOTO_SIZE_MESSAGE = "Photo must be at most 5 MB";
export const PHOTO_EMPTY_MESSAGE = "Photo is empty";

export function isPhotoContentType(value: string): value is PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(value);
}

/** POST /api/seller/uploads: the photo the form is about to send, judged before anything is stored. */
export const uploadRequestSchema = z.object({
  // A string first, as before: a missing or non-string type gets zod's type message, not the photo one.
  contentType: z.pipe(z.string(), z.custom<PhotoContentType>(isPhotoContentType, PHOTO_TYPE_MESSAGE)),
  size: z
    .number(z.typeMessages("Photo size must be a number of bytes"))
    .check(z.integer(), z.minimum(1, PHOTO_EMPTY_MESSAGE), z.maximum(MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE)),
});

/**
 * The answer: a form POST to `uploadUrl` with `fields` first and the file last (field `file`), as S3's
 * presigned POST wants it; once it succeeds the photo is served at `imageUrl` (same origin, `/media/...`),
 * which is what the product form then sends as its image URL.
 */
export const uploadTicketSchema = z.object({
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  imageUrl: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
