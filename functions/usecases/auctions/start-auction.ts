/**
 * Starting an auction for an approved product (the admin's approval and the demo seed call this).
 *
 * `startAuction({ product, seller, durationSeconds?, now })` creates the auction — status active,
 * price = starting price, increment 1 cent, no bids, endsAt = now + duration (default from
 * AUCTION_DEFAULT_DURATION_SECONDS) — with a snapshot of the product and seller, and schedules its end.
 * Idempotent per product and listing: the auction id is derived from the product id (and, for a product
 * listed again after a win expired unpaid, its relist number), so a second call (a retried approval, a
 * re-run seed, a retried relist) returns the auction that exists and only re-arms its clock.
 */
import { createHash } from "node:crypto";
import { BID_INCREMENT_CENTS, TIMER_EXTENSION_SECONDS } from "#shared/constants";
import { decimalToCents } from "#shared/money";
import { LOCK_PRICE_FORMAT_MESSAGE } from "#shared/schemas/seller";
import { type AuctionRecord, getAuction, putNewAuction } from "../../adapters/dynamo/auctions-repo.ts";
import type { ProductRecord } from "../../adapters/dynamo/products-repo.ts";
import type { SellerRecord } from "../../adapters/dynamo/sellers-repo.ts";
import type { AuctionClock } from "../../adapters/scheduler/auction-clock.ts";
import { clockFromEnv } from "../../adapters/scheduler/clock-from-env.ts";
import { defaultAuctionDurationSeconds } from "../../config/runtime.ts";
import { lockPriceRefusal } from "../../domain/bidding.ts";
import { badRequest } from "../../domain/errors.ts";
import { logger } from "../../observability/logger.ts";
import { productDescription } from "../views/product-view.ts";

export interface StartAuctionInput {
  /** The fields of a product the auction snapshots (approval state is not needed). */
  product: Pick<
    ProductRecord,
    | "id"
    | "sellerId"
    | "name"
    | "description"
    | "metalType"
    | "weight"
    | "purity"
    | "imageUrl"
    | "startingPriceCents"
    | "retailPriceCents"
    | "buyNowStock"
  >;
  seller: Pick<SellerRecord, "id" | "userId" | "businessName" | "description">;
  durationSeconds?: number;
  /** Only for bidders who have never won. */
  beginner?: boolean;
  /** The price whose bid locks the auction to its earlier bidders (checked by `lockAtPriceFor`); null: never. */
  lockAtPriceCents?: number | null;
  now: number;
  /** Seconds a late bid puts back on the clock; the product's rule is 10. */
  extensionSeconds?: number;
  /** The product's how-manieth listing after its first (docs/decisions.md, listing an expired win again). */
  relist?: number;
  clock?: AuctionClock;
}

/**
 * The auction id of a product's listing: a UUID-shaped digest, so retries find the same auction. The
 * first listing's (relist 0) is the digest of the product id alone, as it always was.
 */
export function auctionIdForProduct(productId: string, relist = 0): string {
  const seed = relist > 0 ? `auction:${productId}#relist:${relist}` : `auction:${productId}`;
  const hex = createHash("sha256").update(seed).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The lock price of an admin's request (a decimal string the schema already checked) in cents, or
 * undefined for none; 400 naming the field when it is not above the starting price.
 */
export function lockAtPriceFor(lockAtPrice: string | null | undefined, startingPriceCents: number) {
  if (lockAtPrice == null) return undefined;
  const cents = decimalToCents(lockAtPrice);
  const refusal = cents === null ? LOCK_PRICE_FORMAT_MESSAGE : lockPriceRefusal(cents, startingPriceCents);
  if (refusal || cents === null) {
    throw badRequest(`lockAtPrice: ${refusal}`, { issues: [{ path: "lockAtPrice", message: refusal }] });
  }
  return cents;
}

export async function startAuction(input: StartAuctionInput): Promise<AuctionRecord> {
  const { product, seller, now } = input;
  const durationSeconds = input.durationSeconds ?? defaultAuctionDurationSeconds();
  if (!(durationSeconds > 0)) throw new Error("An auction needs a positive duration");
  const candidate: AuctionRecord = {
    id: auctionIdForProduct(product.id, input.relist),
    productId: product.id,
    sellerId: seller.id,
    sellerUserId: seller.userId,
    status: "active",
    startingPriceCents: product.startingPriceCents,
    priceCents: product.startingPriceCents,
    bidIncrementCents: BID_INCREMENT_CENTS,
    extensionSeconds: input.extensionSeconds ?? TIMER_EXTENSION_SECONDS,
    totalBids: 0,
    ...(input.beginner ? { beginner: true } : {}),
    ...(input.lockAtPriceCents != null ? { lockAtPriceCents: input.lockAtPriceCents } : {}),
    ...(input.relist ? { relist: input.relist } : {}),
    ...(product.retailPriceCents
      ? { retailPriceCents: product.retailPriceCents, buyNowStockLeft: product.buyNowStock ?? 0 }
      : {}),
    endsAt: now + Math.round(durationSeconds * 1000),
    createdAt: new Date(now).toISOString(),
    product: { ...productDescription(product), startingPriceCents: product.startingPriceCents },
    seller: {
      id: seller.id,
      userId: seller.userId,
      businessName: seller.businessName,
      ...(seller.description ? { description: seller.description } : {}),
    },
  };
  const created = await putNewAuction(candidate);
  const auction = created ? candidate : await getAuction(candidate.id);
  if (!auction) throw new Error(`Auction ${candidate.id} vanished while starting`);
  if (auction.status === "active") await armClock(input.clock ?? clockFromEnv(), auction);
  return auction;
}

/**
 * The clock is a backstop (reads finalize too), so a clock that cannot be reached must not undo an
 * approval: log it; the next start or closer run arms it again.
 */
async function armClock(clock: AuctionClock, auction: AuctionRecord) {
  try {
    await clock.scheduleEnd(auction.id, auction.endsAt);
  } catch (error) {
    logger.error("could not schedule the auction's end", { auctionId: auction.id, error: error as Error });
  }
}
