/**
 * The demo catalogue of the local seed (docs/architecture.md section 2): an approved demo seller, products with
 * photos drawn for each of them (product-art.ts), and about six live auctions ending at staggered times (minutes to hours).
 *
 * Idempotent: while any demo auction is live, running it again changes nothing. Once every demo
 * auction has finished (a restart days later), it lists a fresh round so the home page is never empty.
 * Product ids are derived from (slug, round) and written with attribute_not_exists, and startAuction is
 * idempotent per product, so two seeds racing produce one round.
 */
import { createHash } from "node:crypto";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import {
  type AuctionProductSnapshot,
  listAuctionsByStatus,
} from "../../functions/adapters/dynamo/auctions-repo.ts";
import { db, tableName } from "../../functions/adapters/dynamo/client.ts";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import {
  type ProductRecord,
  productItem,
  recordProductAuction,
} from "../../functions/adapters/dynamo/products-repo.ts";
import {
  getSeller,
  type SellerRecord,
  setSellerStatus,
  updatePendingSellerProfile,
} from "../../functions/adapters/dynamo/sellers-repo.ts";
import { findUserByLogin } from "../../functions/adapters/dynamo/users-repo.ts";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { ensureAccount } from "./accounts.ts";
import { seedDemoAgents } from "./demo-agents.ts";
import { type ArtShape, demoPhotoUrl } from "./product-art.ts";

export const DEMO_SELLER = {
  username: "demoseller",
  email: "demoseller@example.com",
  password: "seller-password",
  businessName: "Heritage Bullion Co.",
  description: "Family-run dealer of certified bullion, coins and fine jewelry since 1987.",
};

/**
 * A demo product: its photo (`imageUrl`) is drawn by scripts/seed/product-art.ts from `art`, the metal,
 * weight and purity; Buy It Now offers `buyNowStock` units at the retail price.
 */
interface DemoProduct extends Omit<AuctionProductSnapshot, "id"> {
  slug: string;
  art: ArtShape;
  retailPriceCents: number;
  buyNowStock: number;
  durationSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    slug: "silver-eagle",
    name: "American Silver Eagle 1 oz Coin",
    description: "Brilliant uncirculated 1 oz American Silver Eagle in a protective capsule.",
    metalType: "silver",
    weight: "1 oz",
    purity: ".999",
    imageUrl: demoPhotoUrl("silver-eagle"),
    art: "coin",
    startingPriceCents: 50,
    retailPriceCents: 3900,
    buyNowStock: 5,
    durationSeconds: 4 * MINUTE,
  },
  {
    slug: "gold-rope-chain",
    name: "18K Gold Rope Chain",
    description: "A 20-inch 18K yellow gold rope chain with a lobster clasp, hallmarked.",
    metalType: "gold",
    weight: "0.35 oz",
    purity: "75%",
    imageUrl: demoPhotoUrl("gold-rope-chain"),
    art: "chain",
    startingPriceCents: 100,
    retailPriceCents: 145000,
    buyNowStock: 1,
    durationSeconds: 15 * MINUTE,
  },
  {
    slug: "silver-bar-10oz",
    name: "Silver Bullion Bar - 10oz",
    description: "A 10 oz cast silver bar from an accredited refiner, serial numbered.",
    metalType: "silver",
    weight: "10 oz",
    purity: "99.9%",
    imageUrl: demoPhotoUrl("silver-bar-10oz"),
    art: "bar",
    startingPriceCents: 50,
    retailPriceCents: 36000,
    buyNowStock: 3,
    durationSeconds: 45 * MINUTE,
  },
  {
    slug: "maple-leaf-set",
    name: "Canadian Maple Leaf Silver Coin Set",
    description: "Five 1 oz Silver Maple Leaf coins with radial-line security finish.",
    metalType: "silver",
    weight: "5 oz",
    purity: ".9999",
    imageUrl: demoPhotoUrl("maple-leaf-set"),
    art: "coin-set",
    startingPriceCents: 200,
    retailPriceCents: 19500,
    buyNowStock: 2,
    durationSeconds: 2 * HOUR,
  },
  {
    slug: "gold-bracelet",
    name: "14K Gold Diamond-Cut Bracelet",
    description: "A 7.5-inch 14K gold bracelet with a diamond-cut finish that catches the light.",
    metalType: "gold",
    weight: "0.25 oz",
    purity: "58.5%",
    imageUrl: demoPhotoUrl("gold-bracelet"),
    art: "bracelet",
    startingPriceCents: 100,
    retailPriceCents: 98000,
    buyNowStock: 0,
    durationSeconds: 6 * HOUR,
  },
  {
    slug: "platinum-bar-1oz",
    name: "Platinum Bar - 1oz",
    description: "A 1 oz minted platinum bar in assay card packaging.",
    metalType: "platinum",
    weight: "1 oz",
    purity: "99.95%",
    imageUrl: demoPhotoUrl("platinum-bar-1oz"),
    art: "bar",
    startingPriceCents: 500,
    retailPriceCents: 115000,
    buyNowStock: 2,
    durationSeconds: 20 * HOUR,
  },
];

/** A stable UUID-shaped id per demo product and round. */
function demoProductId(slug: string, round: number): string {
  const hex = createHash("sha256").update(`demo-product:${slug}:${round}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo seller account and its profile, approved. */
async function ensureDemoSeller(now: number): Promise<SellerRecord> {
  await ensureAccount({ ...DEMO_SELLER, role: "seller" });
  const user = await findUserByLogin(DEMO_SELLER.username);
  if (!user?.sellerId) throw new Error(`The demo seller "${DEMO_SELLER.username}" has no seller profile`);
  let seller = await getSeller(user.sellerId);
  if (seller?.status === "pending") {
    await updatePendingSellerProfile(seller.id, {
      businessName: DEMO_SELLER.businessName,
      description: DEMO_SELLER.description,
    });
    await setSellerStatus(seller.id, {
      from: "pending",
      to: "approved",
      approvedAt: new Date(now).toISOString(),
    });
    seller = await getSeller(user.sellerId);
  }
  if (seller?.status !== "approved") {
    throw new Error(`The demo seller "${DEMO_SELLER.username}" is not approved (status ${seller?.status})`);
  }
  return seller;
}

async function productExists(id: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.product(id), ConsistentRead: true }),
  );
  return !!Item;
}

/** The first round whose products were never written. */
async function nextRound(): Promise<number> {
  const first = DEMO_PRODUCTS[0]!.slug;
  let round = 0;
  while (await productExists(demoProductId(first, round))) round++;
  return round;
}

async function putApprovedProduct(product: ProductRecord): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: productItem(product),
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export interface DemoSeedResult {
  /** Auctions started by this run (0 when the demo was already live). */
  started: number;
  sellerId: string;
}

export async function seedDemoAuctions(now = Date.now()): Promise<DemoSeedResult> {
  const seller = await ensureDemoSeller(now);
  const live = (await listAuctionsByStatus("active")).filter(
    (auction) => auction.sellerId === seller.id && auction.endsAt > now,
  );
  if (live.length > 0) return { started: 0, sellerId: seller.id };

  const round = await nextRound();
  const approvedAt = new Date(now).toISOString();
  let started = 0;
  let endsFirst: { id: string; endsAt: number } | null = null;
  for (const demo of DEMO_PRODUCTS) {
    const { slug: _slug, art: _art, durationSeconds, ...fields } = demo;
    const product: ProductRecord = {
      id: demoProductId(demo.slug, round),
      sellerId: seller.id,
      ...fields,
      status: "approved",
      approvedAt,
      createdAt: approvedAt,
    };
    await putApprovedProduct(product);
    const auction = await startAuction({ product, seller, durationSeconds, now });
    await recordProductAuction(product.id, auction.id);
    if (!endsFirst || auction.endsAt < endsFirst.endsAt)
      endsFirst = { id: auction.id, endsAt: auction.endsAt };
    started++;
  }
  if (endsFirst) await seedDemoAgents(endsFirst.id, now);
  return { started, sellerId: seller.id };
}
