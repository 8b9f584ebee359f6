import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct, SellerApplication } from "#shared/schemas/admin";
import type { AuctionDetail, AuctionSummary } from "#shared/schemas/auctions";
import type { ProductView, SellerAuction, SellerProfile } from "#shared/schemas/seller";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { auctionIdForProduct } from "../../../functions/usecases/auctions/start-auction.ts";
import { placeBid } from "../../../functions/usecases/bidding/place-bid.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import {
  anonymous,
  approvedSeller,
  getItem,
  productBody,
  signUp,
  submittedProduct,
  type TestUser,
} from "./fixtures.ts";

useFreshTable("admin-approvals");

let admin: TestUser;
beforeAll(async () => {
  admin = await signUp("admin");
});

const pendingSellers = async () =>
  (await admin.call<SellerApplication[]>({ method: "GET", path: "/api/admin/sellers/pending" })).body;
const pendingProducts = async () =>
  (await admin.call<AdminProduct[]>({ method: "GET", path: "/api/admin/products/pending" })).body;
const liveAuctions = async () =>
  (await anonymous<AuctionSummary[]>({ method: "GET", path: "/api/auctions" })).body;
const approveProduct = (id: string, body?: unknown) =>
  admin.call<ProductView>({ method: "POST", path: `/api/admin/products/${id}/approve`, body });
const rejectProduct = (id: string) =>
  admin.call<ProductView>({ method: "POST", path: `/api/admin/products/${id}/reject` });
const decideSeller = (sellerId: string | undefined, decision: "approve" | "reject") =>
  admin.call<SellerProfile & { message?: string }>({
    method: "POST",
    path: `/api/admin/sellers/${sellerId}/${decision}`,
  });

describe("seller applications", () => {
  it("a new seller is a pending application, listed with the applicant's username and email", async () => {
    const seller = await signUp("seller");
    const profile = await seller.call<SellerProfile>({ method: "GET", path: "/api/seller/profile" });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: seller.sellerId,
      status: "pending",
      businessName: seller.username,
    });
    expect(profile.body.approvedAt).toBeUndefined();

    const row = (await pendingSellers()).find((s) => s.id === seller.sellerId);
    expect(row).toMatchObject({
      businessName: seller.username,
      status: "pending",
      user: { username: seller.username, email: seller.email },
    });
  });

  it("a pending seller can edit the business profile the admin reviews", async () => {
    const seller = await signUp("seller");
    const res = await seller.call<SellerProfile>({
      method: "PATCH",
      path: "/api/seller/profile",
      body: { businessName: "Acme Bullion", description: "Coins since 1990" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ businessName: "Acme Bullion", description: "Coins since 1990" });
    expect((await pendingSellers()).find((s) => s.id === seller.sellerId)?.businessName).toBe("Acme Bullion");

    const blank = await seller.call({
      method: "PATCH",
      path: "/api/seller/profile",
      body: { businessName: "" },
    });
    expect(blank.status).toBe(400);
    const after = await seller.call<SellerProfile>({ method: "GET", path: "/api/seller/profile" });
    expect(after.body.businessName).toBe("Acme Bullion");
  });

  it("approving moves pending -> approved with approvedAt, off the pending list; approving again changes nothing", async () => {
    const seller = await signUp("seller");
    const first = await decideSeller(seller.sellerId, "approve");
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("approved");
    expect(Date.parse(first.body.approvedAt!)).toBeGreaterThan(0);
    expect((await pendingSellers()).some((s) => s.id === seller.sellerId)).toBe(false);

    const again = await decideSeller(seller.sellerId, "approve");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const reversal = await decideSeller(seller.sellerId, "reject");
    expect(reversal.status).toBe(409);
    expect(reversal.body.message).toBe("This seller application has already been approved");

    const edit = await seller.call({
      method: "PATCH",
      path: "/api/seller/profile",
      body: { businessName: "X" },
    });
    expect(edit.status).toBe(409);
    expect(
      (await seller.call<SellerProfile>({ method: "GET", path: "/api/seller/profile" })).body.businessName,
    ).toBe(seller.username);
  });

  it("rejecting moves pending -> rejected; a rejected seller is never approved afterwards", async () => {
    const seller = await signUp("seller");
    const res = await decideSeller(seller.sellerId, "reject");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("rejected");
    expect(res.body.approvedAt).toBeUndefined();
    expect((await pendingSellers()).some((s) => s.id === seller.sellerId)).toBe(false);

    const late = await decideSeller(seller.sellerId, "approve");
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This seller application has already been rejected");
    const profile = await seller.call<SellerProfile>({ method: "GET", path: "/api/seller/profile" });
    expect(profile.body.status).toBe("rejected");
  });

  it("an unknown seller id is 404", async () => {
    const res = await admin.call({ method: "POST", path: "/api/admin/sellers/nope/approve" });
    expect(res.status).toBe(404);
  });
});

describe("submitting products", () => {
  it("only an approved seller may submit: pending and rejected sellers get 403 with the reason and nothing is stored", async () => {
    const pending = await signUp("seller");
    const rejected = await signUp("seller");
    await decideSeller(rejected.sellerId, "reject");

    for (const [seller, reason] of [
      [pending, "Your seller account is awaiting admin approval. You can add products once it is approved."],
      [rejected, "Your seller application was rejected, so you cannot list products."],
    ] as const) {
      const res = await seller.call({ method: "POST", path: "/api/seller/products", body: productBody() });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(reason);
      const mine = await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
      expect(mine.body).toEqual([]);
    }
  });

  it("an approved seller's product is stored pending, in cents, and shown to the seller and in the review queue", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller, { startingPrice: "12.5", weight: "", purity: "" });
    expect(product).toMatchObject({ status: "pending", startingPrice: "12.50", sellerId: seller.sellerId });
    expect(product.weight).toBeUndefined();
    expect((await getItem(keys.product(product.id)))?.startingPriceCents).toBe(1250);

    const mine = await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
    expect(mine.body.map((p) => p.id)).toEqual([product.id]);
    const queued = (await pendingProducts()).find((p) => p.id === product.id);
    expect(queued?.seller.businessName).toBe(seller.username);
  });

  it("defaults the metal type to gold and refuses bad input with 400 and a message", async () => {
    const seller = await approvedSeller(admin);
    const { metalType: _omitted, ...withoutMetal } = productBody();
    const res = await seller.call<ProductView>({
      method: "POST",
      path: "/api/seller/products",
      body: withoutMetal,
    });
    expect(res.status).toBe(201);
    expect(res.body.metalType).toBe("gold");

    const bad = await seller.call({
      method: "POST",
      path: "/api/seller/products",
      body: productBody({ startingPrice: "0.001" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      "startingPrice: Starting price must be a positive amount with at most 2 decimals",
    );
    const tooDear = await seller.call({
      method: "POST",
      path: "/api/seller/products",
      body: productBody({ startingPrice: "1000000.01", retailPrice: "1000000.01" }),
    });
    expect(tooDear).toMatchObject({
      status: 400,
      body: { message: "startingPrice: Starting price must be at most $1,000,000.00" },
    });
    const missing = await seller.call({ method: "POST", path: "/api/seller/products", body: { name: "x" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("description: Required");
    const mine = await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
    expect(mine.body).toHaveLength(1);
  });

  it("a seller only ever sees their own products and auctions", async () => {
    const [a, b] = [await approvedSeller(admin), await approvedSeller(admin)];
    const product = await submittedProduct(a);
    await approveProduct(product.id);
    expect((await b.call<ProductView[]>({ method: "GET", path: "/api/seller/products" })).body).toEqual([]);
    expect((await b.call<SellerAuction[]>({ method: "GET", path: "/api/seller/auctions" })).body).toEqual([]);
  });
});

describe("product approval", () => {
  it("approving starts the product's auction at its starting price; it appears live and in the seller's auctions", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller, { startingPrice: "3.25" });
    const before = Date.now();
    const res = await approveProduct(product.id, { durationSeconds: 600 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "approved", auctionId: auctionIdForProduct(product.id) });
    expect(Date.parse(res.body.approvedAt!)).toBeGreaterThanOrEqual(before - 1000);

    const detail = await anonymous<AuctionDetail>({
      method: "GET",
      path: `/api/auctions/${res.body.auctionId}`,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: "active",
      currentPrice: "3.25",
      totalBids: 0,
      product: { id: product.id, name: product.name },
      seller: { id: seller.sellerId },
    });
    const endsIn = Date.parse(detail.body.endsAt) - Date.parse(res.body.approvedAt!);
    expect(endsIn).toBe(600_000);

    expect((await liveAuctions()).filter((a) => a.productId === product.id)).toHaveLength(1);
    const mine = await seller.call<SellerAuction[]>({ method: "GET", path: "/api/seller/auctions" });
    expect(mine.body).toEqual([
      {
        id: res.body.auctionId,
        status: "active",
        totalBids: 0,
        currentPrice: "3.25",
        endsAt: detail.body.endsAt,
        product: { name: product.name, imageUrl: product.imageUrl, fineOz: product.fineOz },
      },
    ]);
    expect((await pendingProducts()).some((p) => p.id === product.id)).toBe(false);
  });

  it("approving twice is harmless: one auction, the same approval, the end not moved", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const first = await approveProduct(product.id, { durationSeconds: 300 });
    const second = await approveProduct(product.id, { durationSeconds: 9000 });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const live = (await liveAuctions()).filter((a) => a.productId === product.id);
    expect(live).toHaveLength(1);
    expect(Date.parse(live[0]!.endsAt) - Date.parse(first.body.approvedAt!)).toBe(300_000);
  });

  it("simultaneous approvals start exactly one auction", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const results = await Promise.all(Array.from({ length: 4 }, () => approveProduct(product.id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await liveAuctions()).filter((a) => a.productId === product.id)).toHaveLength(1);
  });

  it("a rejected product never goes live: approving it afterwards is 409 and creates no auction", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const rejected = await rejectProduct(product.id);
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe("rejected");
    expect((await rejectProduct(product.id)).status).toBe(200);

    const late = await approveProduct(product.id);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: "This product has already been rejected" });
    expect(await getItem(keys.auction(auctionIdForProduct(product.id)))).toBeUndefined();
    expect((await liveAuctions()).some((a) => a.productId === product.id)).toBe(false);
    const mine = await seller.call<ProductView[]>({ method: "GET", path: "/api/seller/products" });
    expect(mine.body[0]?.status).toBe("rejected");
  });

  it("a live product cannot be rejected afterwards (409): its auction keeps running", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const approved = await approveProduct(product.id);
    const res = await admin.call({ method: "POST", path: `/api/admin/products/${product.id}/reject` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This product has already been approved");
    expect((await liveAuctions()).some((a) => a.id === approved.body.auctionId)).toBe(true);
  });

  it("refuses a duration that is not a positive whole number of seconds (400), changing nothing", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const res = await approveProduct(product.id, { durationSeconds: -5 });
    expect(res.status).toBe(400);
    expect((await pendingProducts()).some((p) => p.id === product.id)).toBe(true);
  });

  it("an unknown product is 404", async () => {
    expect((await approveProduct("missing")).status).toBe(404);
    expect((await rejectProduct("missing")).status).toBe(404);
  });
});

describe("admin products", () => {
  it("an admin's product is sold by the admin's approved platform profile (made once) and waits for approval", async () => {
    const res = await admin.call<AdminProduct>({
      method: "POST",
      path: "/api/admin/products",
      body: productBody({ name: "Platform bar", metalType: "platinum" }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", metalType: "platinum" });
    const second = await admin.call<AdminProduct>({
      method: "POST",
      path: "/api/admin/products",
      body: productBody({ name: "Platform coin" }),
    });
    expect(second.body.sellerId).toBe(res.body.sellerId);
    const seller = await getItem(keys.seller(res.body.sellerId));
    expect(seller).toMatchObject({ userId: admin.id, status: "approved", platform: true });

    const approved = await approveProduct(res.body.id);
    expect(approved.status).toBe(200);
    const live = (await liveAuctions()).find((a) => a.productId === res.body.id);
    expect(live?.seller.businessName).toBe(res.body.seller.businessName);
  });

  it("the products list holds every status, newest first, with the seller's business name", async () => {
    const seller = await approvedSeller(admin);
    const a = await submittedProduct(seller, { name: "A" });
    const b = await submittedProduct(seller, { name: "B" });
    const c = await submittedProduct(seller, { name: "C" });
    await approveProduct(a.id);
    await rejectProduct(b.id);
    const res = await admin.call<AdminProduct[]>({ method: "GET", path: "/api/admin/products" });
    const mine = res.body.filter((p) => p.sellerId === seller.sellerId);
    expect(mine.map((p) => [p.name, p.status])).toEqual([
      ["C", "pending"],
      ["B", "rejected"],
      ["A", "approved"],
    ]);
    expect(mine.every((p) => p.seller.businessName === seller.username)).toBe(true);
    expect(c.status).toBe("pending");
  });

  it("the auctions list shows every auction with its product and seller", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const approved = await approveProduct(product.id);
    const res = await admin.call<AuctionSummary[]>({ method: "GET", path: "/api/admin/auctions" });
    expect(res.status).toBe(200);
    expect(res.body.find((a) => a.id === approved.body.auctionId)).toMatchObject({
      status: "active",
      product: { name: product.name },
      seller: { businessName: seller.username },
    });
  });
});

describe("deleting products", () => {
  const deleteProduct = (id: string) => admin.call({ method: "DELETE", path: `/api/admin/products/${id}` });

  it("deletes a product that never went live", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    expect((await deleteProduct(product.id)).status).toBe(200);
    expect(await getItem(keys.product(product.id))).toBeUndefined();
    expect((await pendingProducts()).some((p) => p.id === product.id)).toBe(false);
    expect((await deleteProduct(product.id)).status).toBe(404);
  });

  it("deletes a live product together with its auction while nobody has bid", async () => {
    const seller = await approvedSeller(admin);
    const product = await submittedProduct(seller);
    const { auctionId } = (await approveProduct(product.id)).body;
    expect((await deleteProduct(product.id)).status).toBe(200);
    expect(await getItem(keys.auction(auctionId!))).toBeUndefined();
    expect((await anonymous({ method: "GET", path: `/api/auctions/${auctionId}` })).status).toBe(404);
    expect((await liveAuctions()).some((a) => a.id === auctionId)).toBe(false);
  });

  it("refuses (409) to delete a product whose auction has bids, keeping both", async () => {
    const seller = await approvedSeller(admin);
    const bidder = await signUp("buyer", 5);
    const product = await submittedProduct(seller);
    const { auctionId } = (await approveProduct(product.id)).body;
    await placeBid({ auctionId: auctionId!, bidder: { id: bidder.id, username: bidder.username } });

    const res = await deleteProduct(product.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: "This product's auction already has bids, so the product cannot be deleted",
    });
    expect(await getItem(keys.product(product.id))).toBeDefined();
    expect((await getItem(keys.auction(auctionId!)))?.totalBids).toBe(1);
  });
});
