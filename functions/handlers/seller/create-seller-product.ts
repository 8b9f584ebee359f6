import { createSellerProductSchema } from "#shared/schemas/seller";
import { createProduct } from "../../adapters/dynamo/products-repo.ts";
import { productSubmissionRefusal } from "../../domain/approvals.ts";
import { forbidden } from "../../http/errors.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { currentSeller } from "../../usecases/accounts/seller-account.ts";
import { toProductView } from "../../usecases/views/product-view.ts";

export const route = defineRoute({ body: createSellerProductSchema }, async ({ auth, body, now }) => {
  const { seller } = await currentSeller(auth);
  const refusal = productSubmissionRefusal(seller.status);
  if (refusal) throw forbidden(refusal);
  const product = await createProduct({ ...body, sellerId: seller.id }, now);
  return reply(201, toProductView(product));
});
