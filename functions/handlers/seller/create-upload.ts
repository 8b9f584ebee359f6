import { uploadRequestSchema } from "#shared/schemas/uploads";
import { defineRoute } from "../../http/route.ts";
import { issuePhotoUpload } from "../../usecases/products/photo-uploads.ts";

export const route = defineRoute({ body: uploadRequestSchema }, ({ auth, body }) =>
  issuePhotoUpload(auth, body),
);
