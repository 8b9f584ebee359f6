/**
 * A seller's registration is the seller application: it names the business the admin reviews. API
 * clients that send no business name still get one (the username), as before.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import type { SellerApplication } from "#shared/schemas/admin";
import { db, tableName } from "../../../functions/adapters/dynamo/client.ts";
import { keys } from "../../../functions/adapters/dynamo/keys.ts";
import { invokeRoute } from "../../../scripts/local/invoke-route.ts";
import { signUp } from "../admin/fixtures.ts";
import { useFreshTable } from "../support/fresh-table.ts";

useFreshTable("seller-application");

let seq = 0;

async function register(body: Record<string, unknown>) {
  const username = `app${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const res = await invokeRoute<{ id: string; message: string }>({
    method: "POST",
    path: "/api/auth/register",
    sourceIp: `10.9.${seq}.${Math.floor(Math.random() * 250)}`,
    body: { username, email: `${username}@example.com`, password: "password123", ...body },
  });
  return { res, username };
}

async function businessNameOf(userId: string): Promise<unknown> {
  const user = (await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }))).Item!;
  const seller = await db.send(new GetCommand({ TableName: tableName(), Key: keys.seller(user.sellerId) }));
  return seller.Item?.businessName;
}

describe("the seller application at registration", () => {
  it("keeps the business name a new seller gives, and the admin sees it in the queue", async () => {
    const { res, username } = await register({ role: "seller", businessName: "  Golden Gate Bullion " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await businessNameOf(res.body.id)).toBe("Golden Gate Bullion");
    const admin = await signUp("admin");
    const queue = await admin.call<SellerApplication[]>({
      method: "GET",
      path: "/api/admin/sellers/pending",
    });
    expect(queue.body.find((a) => a.user.username === username)?.businessName).toBe("Golden Gate Bullion");
  });

  it("names the business after the username when the application gives no name", async () => {
    const { res, username } = await register({ role: "seller" });
    expect(res.status).toBe(201);
    expect(await businessNameOf(res.body.id)).toBe(username);
  });

  it("refuses a business name on two lines or over 100 characters with 400", async () => {
    const twoLines = await register({ role: "seller", businessName: "Gold\nSilver" });
    expect(twoLines.res.status).toBe(400);
    const long = await register({ role: "seller", businessName: "x".repeat(101) });
    expect(long.res.status).toBe(400);
    expect(JSON.stringify(long.res.body)).toContain("Business name must be at most 100 characters");
  });
});
