import { getAuction } from "../../adapters/dynamo/auctions-repo.ts";
import {
  deleteProductWithUnbidAuction,
  getProduct,
  type ProductRecord,
  setProductStatus,
} from "../../adapters/dynamo/products-repo.ts";
import { getSeller } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser } from "../../adapters/dynamo/users-repo.ts";
import {
  type Decision,
  decideProduct,
  goLiveRefusal,
  productDeletionRefusal,
} from "../../domain/approvals.ts";
import { conflict, notFound } from "../../domain/errors.ts";
import { review } from "../approvals/review.ts";
import { auctionIdForProduct } from "../auctions/start-auction.ts";

const PRODUCT_NOT_FOUND = "Product not found";

/**
 * Moves a product to the decision's status: the same decision twice changes nothing, the opposite
 * one is refused (domain/approvals.ts). Returns the product as it now is.
 */
export async function decideProductStatus(
  id: string,
  decision: Decision,
  now: number,
): Promise<ProductRecord> {
  return review(
    {
      read: () => getProduct(id),
      notFoundMessage: PRODUCT_NOT_FOUND,
      decide: decideProduct,
      beforeChange: async (product) => {
        if (decision === "approve") await assertSellerCanGoLive(product);
      },
      move: (change) => setProductStatus(id, change),
      busyMessage: "This product changed while it was being reviewed. Please try again.",
    },
    decision,
    now,
  );
}

async function assertSellerCanGoLive(product: ProductRecord) {
  const seller = await getSeller(product.sellerId);
  const account = seller ? await getUser(seller.userId) : null;
  const refusal = goLiveRefusal(seller, Boolean(account));
  if (refusal) throw conflict(refusal);
}

export async function rejectProduct(id: string, now: number): Promise<ProductRecord> {
  return decideProductStatus(id, "reject", now);
}

/**
 * Deletes a product and its auction, unless the auction has bids (409). The auction id follows from
 * the product id, so an approval caught half-way (auction started, not yet recorded on the product)
 * is covered too.
 */
export async function deleteProduct(id: string): Promise<void> {
  const product = await getProduct(id);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const auctionId = product.auctionId ?? auctionIdForProduct(product.id);
  const refusal = productDeletionRefusal(await getAuction(auctionId));
  if (refusal) throw conflict(refusal);
  const outcome = await deleteProductWithUnbidAuction(product, auctionId);
  if (outcome === "gone") throw notFound(PRODUCT_NOT_FOUND);
  if (outcome === "auction-has-bids") throw conflict(productDeletionRefusal({ totalBids: 1 })!);
}
