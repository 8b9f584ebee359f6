import { uploadRequestSchema } from "#shared/schemas/uploads";
import { defineRoute } from "../../http/route.ts";
import { issuePhotoUpload } from "../../usecases/photo-uploads.ts";

export const handler = defineRoute("seller/create-upload", { body: uploadRequestSchema }, ({ auth, body }) =>
  issuePhotoUpload(auth, body),
);
