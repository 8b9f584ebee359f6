import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_URL_MESSAGE } from "#shared/schemas/seller";
import {
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  type UploadTicket,
} from "#shared/schemas/uploads";
import { anonymous, approvedSeller, productBody, signUp, type TestUser } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";
import { useLocalGateway } from "../support/local-gateway.ts";

useFreshTable("photo-uploads");
const mediaDir = mkdtempSync(join(tmpdir(), "photo-uploads-"));
const local = useLocalGateway({ mediaDir });
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

// The smallest valid PNG (1×1, transparent): real bytes, so fetching it back proves the round trip.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  admin = await signUp("admin");
  seller = await approvedSeller(admin);
});

async function ticketFor(user: TestUser, contentType = "image/png", size = PNG.length) {
  const res = await user.call<UploadTicket>({
    method: "POST",
    path: "/api/seller/uploads",
    body: { contentType, size },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Posts the form as the browser does: the signed fields first, the file last. */
async function postForm(ticket: UploadTicket, file: Blob, fields: Record<string, string> = ticket.fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, "photo");
  return fetch(`${local.url}${ticket.uploadUrl}`, { method: "POST", body: form });
}

const storedFiles = () => readdirSync(join(mediaDir, "media", "uploads"), { withFileTypes: true }).length;

describe("POST /api/seller/uploads", () => {
  it("gives an approved seller and an admin a signed form for a same-origin /media URL", async () => {
    for (const user of [seller, admin]) {
      const ticket = await ticketFor(user, "image/webp", 1234);
      expect(ticket.imageUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(ticket.fields).toMatchObject({ key: ticket.imageUrl.slice(1), "Content-Type": "image/webp" });
      expect(ticket.fields.policy).toBeTruthy();
    }
  });

  it("refuses a buyer, a pending seller and an anonymous caller", async () => {
    const body = { contentType: "image/png", size: 100 };
    const buyer = await signUp("buyer");
    const pending = await signUp("seller");
    const byBuyer = await buyer.call({ method: "POST", path: "/api/seller/uploads", body });
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.body.message).toBe("Only sellers and admins can upload product photos");
    const byPending = await pending.call({ method: "POST", path: "/api/seller/uploads", body });
    expect(byPending.status).toBe(403);
    expect(byPending.body.message).toMatch(/must be approved/);
    const byAnonymous = await anonymous({ method: "POST", path: "/api/seller/uploads", body });
    expect(byAnonymous.status).toBe(401);
  });

  it("refuses another type or a size over 5 MB with a clear 400", async () => {
    for (const contentType of ["image/gif", "image/svg+xml", "text/html", ""]) {
      const res = await seller.call({
        method: "POST",
        path: "/api/seller/uploads",
        body: { contentType, size: 100 },
      });
      expect(res.status, contentType).toBe(400);
      expect(res.body.message).toBe(`contentType: ${PHOTO_TYPE_MESSAGE}`);
    }
    const tooBig = await seller.call({
      method: "POST",
      path: "/api/seller/uploads",
      body: { contentType: "image/jpeg", size: MAX_PHOTO_BYTES + 1 },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(`size: ${PHOTO_SIZE_MESSAGE}`);
    const exactly = await seller.call({
      method: "POST",
      path: "/api/seller/uploads",
      body: { contentType: "image/jpeg", size: MAX_PHOTO_BYTES },
    });
    expect(exactly.status).toBe(200);
  });
});

describe("a new product's image URL", () => {
  it("takes an uploaded photo's /media URL or a pasted https URL, and refuses http", async () => {
    const ticket = await ticketFor(seller);
    for (const imageUrl of [ticket.imageUrl, "https://images.example.com/coin.jpg"]) {
      const res = await seller.call({
        method: "POST",
        path: "/api/seller/products",
        body: productBody({ imageUrl }),
      });
      expect(res.status, imageUrl).toBe(201);
    }
    for (const user of [seller, admin]) {
      const path = user === seller ? "/api/seller/products" : "/api/admin/products";
      const res = await user.call({
        method: "POST",
        path,
        body: productBody({ imageUrl: "http://images.example.com/coin.jpg" }),
      });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(`imageUrl: ${IMAGE_URL_MESSAGE}`);
    }
  });
});

describe("the local media bucket (the stand-in for S3 and CloudFront /media/*)", () => {
  it("stores the posted file and serves it back at imageUrl", async () => {
    const ticket = await ticketFor(seller);
    const posted = await postForm(ticket, new Blob([PNG], { type: "image/png" }));
    expect(posted.status).toBe(204);
    const served = await fetch(`${local.url}${ticket.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses, with 400 and nothing stored, a file over the policy's size, another type or a changed field", async () => {
    const before = storedFiles();
    const bigTicket = await ticketFor(seller);
    const tooBig = await postForm(bigTicket, new Blob([Buffer.alloc(MAX_PHOTO_BYTES + 1)]));
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { message: string }).message).toMatch(/larger|size/);

    const ticket = await ticketFor(seller);
    const otherType = await postForm(ticket, new Blob([PNG]), {
      ...ticket.fields,
      "Content-Type": "text/html",
    });
    expect(otherType.status).toBe(400);
    expect(((await otherType.json()) as { message: string }).message).toBe(
      "Content type does not match the policy",
    );
    const otherKey = await postForm(ticket, new Blob([PNG]), {
      ...ticket.fields,
      key: "media/uploads/x.png",
    });
    expect(otherKey.status).toBe(400);
    const forged = await postForm(ticket, new Blob([PNG]), {
      ...ticket.fields,
      "x-local-signature": "forged",
    });
    expect(forged.status).toBe(400);
    const empty = await postForm(ticket, new Blob([]));
    expect(empty.status).toBe(400);

    expect(storedFiles()).toBe(before);
    expect((await fetch(`${local.url}${ticket.imageUrl}`)).status).toBe(404);
  });

  it("serves nothing outside the uploads", async () => {
    for (const path of ["/media/../package.json", "/media/uploads/nope.png", "/media/%2e%2e/package.json"]) {
      expect((await fetch(`${local.url}${path}`)).status, path).toBe(404);
    }
  });
});
