import { decimalToCents } from "#shared/money";
import { createSellerProductSchema } from "#shared/schemas/seller";
import { createProduct, toProductView } from "../../adapters/dynamo/products-repo.ts";
import { productSubmissionRefusal } from "../../domain/approvals.ts";
import { forbidden } from "../../http/errors.ts";
import { defineRoute, reply } from "../../http/route.ts";
import { currentSeller } from "../../usecases/seller-account.ts";

export const handler = defineRoute(
  "seller/create-seller-product",
  { body: createSellerProductSchema },
  async ({ auth, body, now }) => {
    const { seller } = await currentSeller(auth);
    const refusal = productSubmissionRefusal(seller.status);
    if (refusal) throw forbidden(refusal);
    const { startingPrice, ...fields } = body;
    const product = await createProduct(
      { ...fields, sellerId: seller.id, startingPriceCents: decimalToCents(startingPrice)! },
      now,
    );
    return reply(201, toProductView(product));
  },
);
