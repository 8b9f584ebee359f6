import { randomUUID } from "node:crypto";
import type { ApprovalStatus, UserRole } from "#shared/constants";
import type { PhotoContentType, UploadTicket } from "#shared/schemas/uploads";
import { MAX_PHOTO_BYTES } from "#shared/schemas/uploads";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import { uploadSigner } from "../../adapters/uploads/signer-from-env.ts";
import { forbidden, unauthorized } from "../../domain/errors.ts";
import { photoKey, photoUploadRefusal, photoUrl, UPLOAD_FORM_SECONDS } from "../../domain/photos.ts";

/**
 * Hands an admin or an approved seller a signed form for one product photo. The type and
 * the size were judged by the route's schema; the signed policy makes the store judge them again.
 */
export async function issuePhotoUpload(
  auth: { userId: string; role: UserRole },
  photo: { contentType: PhotoContentType },
): Promise<UploadTicket> {
  let sellerStatus: ApprovalStatus | null = null;
  if (auth.role === "seller") {
    const user = await getUser(auth.userId);
    if (!user) throw unauthorized();
    const seller = user.sellerId ? await getSeller(user.sellerId) : null;
    sellerStatus = seller && seller.userId === user.id ? seller.status : null;
  }
  const refusal = photoUploadRefusal(auth.role, sellerStatus);
  if (refusal) throw forbidden(refusal);
  const key = photoKey(randomUUID(), photo.contentType);
  const form = await uploadSigner().sign({
    key,
    contentType: photo.contentType,
    maxBytes: MAX_PHOTO_BYTES,
    expiresInSeconds: UPLOAD_FORM_SECONDS,
  });
  return { uploadUrl: form.url, fields: form.fields, imageUrl: photoUrl(key) };
}
