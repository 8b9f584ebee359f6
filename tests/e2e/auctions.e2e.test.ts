/**
 * Live auctions in Chromium through the whole local stack (gateway, stream poller, local clock, Vite).
 * Buyers with credits are written directly (createUser with bidBalance) and sign in through the real
 * login API; auctions are started with the same use case the admin's approval runs, with durations the
 * admin form does not offer.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startAuction } from "../../functions/usecases/auctions/start-auction.ts";
import { axeFindings } from "./support/axe.ts";
import { newPage } from "./support/browser.ts";
import { type SignedIn, signedIn } from "./support/users.ts";

async function auctionOf(
  seller: SignedIn,
  options: { seconds: number; extensionSeconds?: number; name?: string },
) {
  const productId = crypto.randomUUID();
  return startAuction({
    product: {
      id: productId,
      sellerId: seller.sellerId!,
      name: options.name ?? `Silver Eagle ${productId.slice(0, 6)}`,
      description: "A one ounce .999 fine silver coin.",
      metalType: "silver",
      weight: "1 oz",
      purity: ".999",
      imageUrl: "/images/products/silver-coins.svg",
      startingPriceCents: 250,
    },
    seller: { id: seller.sellerId!, userId: seller.id, businessName: "Eagle Coin Exchange" },
    durationSeconds: options.seconds,
    extensionSeconds: options.extensionSeconds,
    now: Date.now(),
  });
}

/**
 * A toast as the user sees it. By CSS role, not the accessibility tree: the toaster mounts with the
 * first toast, and when that happens after a modal dialog opened (the purchase modal of a refused
 * bid), the dialog has already hidden the page behind it from assistive tech, toast included.
 */
function toast(page: Page, text: string) {
  return page.locator('[role="status"]').filter({ hasText: text }).first();
}

/** A short auction named `name` ending in `seconds`, A's one bid on it, and a buyer to watch it end. */
async function oneBidAuction(seconds: number, name: string) {
  const seller = await signedIn("seller");
  const a = await signedIn("buyer", { bidBalance: 1 });
  const watcher = await signedIn("buyer");
  const auction = await auctionOf(seller, { seconds, extensionSeconds: 2, name });
  expect((await a.page.request.post(`/api/auctions/${auction.id}/bid`, { data: {} })).status()).toBe(200);
  return { a, watcher, auction };
}

describe("live auctions", () => {
  it("A bids and B's open detail page shows the new price and A as leader within 2 s", async () => {
    const seller = await signedIn("seller");
    const a = await signedIn("buyer", { bidBalance: 5 });
    const b = await signedIn("buyer", { bidBalance: 5 });
    const auction = await auctionOf(seller, { seconds: 600 });

    await b.page.goto(`/auction/${auction.id}`);
    await b.page.getByRole("heading", { name: auction.product.name }).waitFor();
    expect(await b.page.getByTestId("current-price").textContent()).toBe("$2.50");
    expect(await b.page.getByTestId("price-panel").textContent()).toContain(
      `Auction #${auction.id.slice(0, 8)}`,
    );
    expect(await b.page.getByTestId("price-panel").textContent()).toContain("+$0.01 per bid");
    expect(await b.page.getByTestId("seller-card").textContent()).toContain("Certified Seller");

    // A uses the other route form of the detail page.
    await a.page.goto(`/auctions/${auction.id}`);
    await a.page.getByRole("button", { name: "Place Bid" }).click();
    const clicked = Date.now();
    await toast(a.page, "Bid placed successfully!").waitFor();

    await b.page.getByTestId("current-price").filter({ hasText: "$2.51" }).waitFor({ timeout: 2000 });
    await b.page.getByTestId("leader").filter({ hasText: a.username }).waitFor({ timeout: 2000 });
    expect(Date.now() - clicked).toBeLessThan(2000 + 1000);
    await expect.poll(() => b.page.getByTestId("total-bids").textContent()).toBe("1");
    await b.page.getByTestId("recent-bid").first().filter({ hasText: a.username }).waitFor();
    // The balance follows the bid's answer with a read of its own.
    await expect.poll(() => a.page.getByTestId("bid-balance").textContent()).toBe("4 Bids");

    // A leads: the page says so and offers no bid to be refused (the server's refusal is tested apart).
    const leading = a.page.getByTestId("price-panel").getByTestId("leading");
    await leading.waitFor();
    expect(await leading.textContent()).toBe("You're the highest bidder");
    // A status in green, not a disabled button that reads as "unavailable".
    expect(await leading.evaluate((el) => el.tagName)).toBe("P");
    expect(await a.page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
    expect(await toast(a.page, "Cannot place bid").count()).toBe(0);

    // The home grid shows it live with A as last bidder, and filters by metal.
    await b.page.goto("/");
    const card = b.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId("current-price").textContent()).toBe("$2.51");
    expect(await card.getByTestId("last-bidder").textContent()).toContain(a.username);
    await b.page.getByRole("tab", { name: "Gold" }).click();
    await card.waitFor({ state: "detached" });
    await b.page.getByRole("tab", { name: "Silver" }).click();
    await card.waitFor();
  });

  it("the pages tell the socket what they show: the home grid's auctions, the detail page's one", async () => {
    const seller = await signedIn("seller");
    const buyer = await signedIn("buyer", { bidBalance: 1 });
    const auction = await auctionOf(seller, { seconds: 600 });
    // Either transport: `watch` frames on the WebSocket API, `subscribe` / `unsubscribe` of
    // /auctions/<id> on the Event API (its answers: `watching`, `subscribe_success`).
    const watches: string[][] = [];
    const answers: Array<{ type: string; auctionIds?: string[]; auctionId?: string }> = [];
    buyer.page.on("websocket", (socket) => {
      const subscriptions = new Map<string, string>();
      socket.on("framesent", ({ payload }) => {
        const message = JSON.parse(String(payload)) as {
          type: string;
          auctionIds?: string[];
          id?: string;
          channel?: string;
        };
        if (message.type === "watch") watches.push(message.auctionIds ?? []);
        if (message.type === "subscribe") subscriptions.set(message.id!, message.channel!.split("/")[2]!);
        if (message.type === "unsubscribe") subscriptions.delete(message.id!);
        if (message.type === "subscribe" || message.type === "unsubscribe") {
          watches.push([...subscriptions.values()].sort());
        }
      });
      socket.on("framereceived", ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; id?: string; auctionIds?: string[] };
        if (message.type === "watching" || message.type.endsWith("error")) answers.push(message);
        if (message.type === "subscribe_success") {
          answers.push({ type: "subscribed", auctionId: subscriptions.get(message.id!) });
        }
      });
    });
    const until = (check: () => boolean) => expect.poll(check).toBe(true);

    await buyer.page.goto("/");
    await buyer.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`).waitFor();
    await until(() => watches.some((ids) => ids.includes(auction.id)));

    await buyer.page.goto(`/auction/${auction.id}`);
    await until(() => {
      const latest = watches.at(-1);
      return latest?.length === 1 && latest[0] === auction.id;
    });
    await until(() =>
      answers.some(
        (a) =>
          JSON.stringify(a) === JSON.stringify({ type: "watching", auctionIds: [auction.id] }) ||
          JSON.stringify(a) === JSON.stringify({ type: "subscribed", auctionId: auction.id }),
      ),
    );
    expect(answers.filter((a) => a.type.endsWith("error"))).toEqual([]);
  });

  it("a short auction reaches zero: Auction Ended, Winner: A, and A's winner modal", async () => {
    const seller = await signedIn("seller");
    const a = await signedIn("buyer", { bidBalance: 3 });
    const b = await signedIn("buyer", { bidBalance: 3 });
    // Long enough for both pages to load and bid on a busy machine, short enough to watch it end.
    const auction = await auctionOf(seller, { seconds: 10, extensionSeconds: 3, name: "Short Silver Round" });

    await b.page.goto(`/auction/${auction.id}`);
    await a.page.goto(`/auction/${auction.id}`);
    await a.page.getByRole("button", { name: "Place Bid" }).click();
    await toast(a.page, "Bid placed successfully!").waitFor();

    // The winner reads "You won"; everyone else "Auction Ended" and the winner's name.
    await a.page.getByTestId("you-won").waitFor({ timeout: 15_000 });
    expect(await a.page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
    const ended = b.page.getByTestId("auction-ended");
    await ended.waitFor({ timeout: 15_000 });
    expect(await ended.textContent()).toContain("Auction Ended");
    await ended.filter({ hasText: `Winner: ${a.username}` }).waitFor({ timeout: 5000 });
    expect(await b.page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
    const modal = a.page.getByTestId("winner-modal");
    await modal.waitFor({ timeout: 5000 });
    expect(await modal.textContent()).toContain("Short Silver Round");
    expect(await a.page.getByTestId("winner-final-price").textContent()).toBe("$2.51");
    expect(await b.page.getByTestId("winner-modal").count()).toBe(0);
    expect(await axeFindings(a.page, "winner modal")).toEqual([]);

    // Closing it puts focus back on the page (it had no trigger): where the user was, or the heading.
    await modal.getByRole("button", { name: "Close" }).last().click();
    await modal.waitFor({ state: "detached" });
    // The dialog hands focus back as it unmounts, which can come after it has left the page.
    await expect
      .poll(() =>
        a.page.evaluate(() => {
          const el = document.activeElement;
          return { tag: el?.tagName ?? "", text: el?.textContent ?? "" };
        }),
      )
      .toEqual({ tag: "H1", text: "Short Silver Round" });
  });

  it("the home page keeps an auction it saw end, with Sold for and the winner", async () => {
    const { a, watcher, auction } = await oneBidAuction(4, "Sold Silver Bar");

    await watcher.page.goto("/");
    const card = watcher.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`);
    await card.waitFor();
    await card.getByTestId("price-label").filter({ hasText: "Sold for" }).waitFor({ timeout: 15_000 });
    // Polls after the end no longer list it; the page keeps it.
    await watcher.page.waitForResponse(
      async (response) =>
        new URL(response.url()).pathname === "/api/auctions" && !(await response.text()).includes(auction.id),
    );
    expect(await card.getByTestId("price-label").textContent()).toBe("Sold for");
    expect(await card.getByTestId("current-price").textContent()).toBe("$2.51");
    expect(await card.getByTestId("last-bidder").textContent()).toContain(a.username);
    expect(await card.getByRole("button", { name: /Place Bid/ }).count()).toBe(0);
  });

  it("the home page learns how an auction ended that left its list while its socket was silent", async () => {
    const { a, watcher, auction } = await oneBidAuction(8, "Quiet Silver Bar");

    // A socket that never hears anything (as when `auction_ended` went out before it connected).
    await watcher.page.routeWebSocket(/\/ws$/, () => {});
    await watcher.page.goto("/");
    const card = watcher.page.locator(`[data-testid="auction-card"][data-auction-id="${auction.id}"]`);
    await card.getByTestId("price-label").filter({ hasText: "Current price" }).waitFor();
    // No poll sees it end: the polls fail until the auction is over and finalized elsewhere.
    await watcher.page.route("**/api/auctions", (route) => route.abort());
    await expect
      .poll(async () => (await (await a.page.request.get(`/api/auctions/${auction.id}`)).json()).status, {
        timeout: 20_000,
        interval: 500,
      })
      .toBe("won");
    await watcher.page.unroute("**/api/auctions");

    await card.getByTestId("price-label").filter({ hasText: "Sold for" }).waitFor({ timeout: 10_000 });
    expect(await card.getByTestId("current-price").textContent()).toBe("$2.51");
    expect(await card.getByTestId("last-bidder").textContent()).toContain(a.username);
  });

  it("a double click places one bid: the success toast stays, no refusal follows", async () => {
    const seller = await signedIn("seller");
    const a = await signedIn("buyer", { bidBalance: 5 });
    const auction = await auctionOf(seller, { seconds: 600 });
    const bids: string[] = [];
    a.page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/auctions/${auction.id}/bid`))
        bids.push(request.url());
    });
    await a.page.goto(`/auction/${auction.id}`);
    await a.page.getByRole("button", { name: "Place Bid" }).dblclick();
    await toast(a.page, "Bid placed successfully!").waitFor();
    await a.page.getByTestId("price-panel").getByTestId("leading").waitFor();
    // One request went out, so no refusal can follow (the second would be "already the highest bidder").
    expect(bids).toHaveLength(1);
    expect(await toast(a.page, "Cannot place bid").count()).toBe(0);
    await expect.poll(() => a.page.getByTestId("total-bids").textContent()).toBe("1");
    await expect.poll(() => a.page.getByTestId("bid-balance").textContent()).toBe("4 Bids");
  });

  it("signed out, Place Bid asks to log in and goes to /login", async () => {
    const seller = await signedIn("seller");
    const auction = await auctionOf(seller, { seconds: 600 });
    const page = await newPage();
    await page.goto(`/auction/${auction.id}`);
    await page.getByRole("button", { name: "Place Bid" }).click();
    await toast(page, "Login required").filter({ hasText: "Please login to place a bid" }).waitFor();
    await page.waitForURL("**/login");
  });

  it("without credits the refusal opens the purchase modal", async () => {
    const seller = await signedIn("seller");
    const broke = await signedIn("buyer", { bidBalance: 0 });
    const auction = await auctionOf(seller, { seconds: 600 });
    await broke.page.goto(`/auction/${auction.id}`);
    await broke.page.getByRole("button", { name: "Place Bid" }).click();
    await toast(broke.page, "Cannot place bid").filter({ hasText: "Insufficient bid credits" }).waitFor();
    await broke.page.getByRole("dialog").getByText("Purchase Bid Credits").waitFor();
  });

  it("the seller sees Your Product instead of Place Bid; an unknown auction is not found", async () => {
    const seller = await signedIn("seller");
    const auction = await auctionOf(seller, { seconds: 600 });
    await seller.page.goto(`/auction/${auction.id}`);
    const own = seller.page.getByTestId("own-product");
    await own.waitFor();
    expect(await own.textContent()).toBe("Your ProductYou cannot bid on your own items");
    expect(await seller.page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);

    await seller.page.goto("/auction/no-such-auction");
    await seller.page.getByRole("heading", { name: "Auction Not Found" }).waitFor();
    expect(await seller.page.getByText("This auction may have ended or been removed.").count()).toBe(1);
    await seller.page.getByRole("link", { name: "Back to Auctions" }).last().click();
    await seller.page.waitForURL((url) => url.pathname === "/");
  });
});
