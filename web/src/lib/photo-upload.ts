import {
  isPhotoContentType,
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  type UploadTicket,
} from "#shared/schemas/uploads";
import { api, getServerMessage } from "./api-client.ts";

/** The rules the server applies, said before any byte leaves the device. */
export function photoRefusal(file: File): string | null {
  if (!isPhotoContentType(file.type)) return PHOTO_TYPE_MESSAGE;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_SIZE_MESSAGE;
  return null;
}

/**
 * Sends a product photo straight to the media store: the API signs a form for this type and
 * size, the browser posts the file with it, and the photo's same-origin address comes back.
 */
export async function uploadPhoto(file: File): Promise<string> {
  const refusal = photoRefusal(file);
  if (refusal) throw new Error(refusal);
  let ticket: UploadTicket;
  try {
    ticket = await api.post<UploadTicket>("/api/seller/uploads", { contentType: file.type, size: file.size });
  } catch (error) {
    throw new Error(getServerMessage(error, "Could not start the upload. Please try again."));
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  // S3 reads the fields before the file, so the file goes last.
  form.append("file", file);
  const response = await fetch(ticket.uploadUrl, { method: "POST", body: form, credentials: "omit" });
  if (!response.ok) throw new Error("The photo could not be uploaded. Please try again.");
  return ticket.imageUrl;
}
