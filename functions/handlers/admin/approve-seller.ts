import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { reviewSeller } from "../../usecases/accounts/review-sellers.ts";
import { toSellerProfile } from "../../usecases/views/seller-view.ts";

export const route = defineRoute({ params: idParamsSchema }, async ({ params, now }) =>
  toSellerProfile(await reviewSeller(params.id, "approve", now)),
);
