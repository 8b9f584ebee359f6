import { idParamsSchema } from "#shared/schemas/admin";
import { toSellerProfile } from "../../adapters/dynamo/sellers-repo.ts";
import { defineRoute } from "../../http/route.ts";
import { reviewSeller } from "../../usecases/review-sellers.ts";

export const handler = defineRoute(
  "admin/reject-seller",
  { params: idParamsSchema },
  async ({ params, now }) => toSellerProfile(await reviewSeller(params.id, "reject", now)),
);
