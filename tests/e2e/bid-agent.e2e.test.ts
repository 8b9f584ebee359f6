/**
 * The Bid Agent in Chromium through the whole local stack (its in-process queue included): a buyer
 * books an agent on the auction page, another bids by hand, and the agent answers inside the window;
 * the page shows the agent at work and the bid marked "auto".
 */
import { describe, expect, it } from "vitest";
import { listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { toast } from "./support/toasts.ts";
import { signedIn } from "./support/users.ts";

describe("the Bid Agent", () => {
  it("is booked on the auction page, answers a manual bid in the last seconds, and its bid shows as auto", async () => {
    const seller = await signedIn("seller");
    const owner = await signedIn("buyer", { bidBalance: 20 });
    const rival = await signedIn("buyer", { bidBalance: 20 });
    const auction = await listedAuction(seller, "Agent Eagle", "Agent Coins", SILVER_COIN, {
      durationSeconds: 20,
      extensionSeconds: 4,
    });

    await owner.page.goto(`/auction/${auction.id}`);
    const panel = owner.page.getByTestId("bid-agent");
    await panel.getByLabel("Bids to book").fill("5");
    await panel.getByLabel("Max price (optional)").fill("5.00");
    await panel.getByRole("button", { name: "Start Bid Agent" }).click();
    await toast(owner.page, "Bid Agent on").waitFor();
    await panel.getByTestId("agent-active").waitFor();
    expect(await panel.getByTestId("agent-bids-left").textContent()).toBe("5");
    // The credits left the balance at once.
    expect((await (await owner.page.request.get("/api/auth/me")).json()).bidBalance).toBe(15);
    await owner.page.getByTestId("active-agents").waitFor();

    const bid = await rival.page.request.post(`/api/auctions/${auction.id}/bid`, {
      headers: { "content-type": "application/json" },
    });
    expect(bid.status()).toBe(200);

    // Within the last seconds the agent takes the lead back with an auto bid.
    const recent = owner.page.getByTestId("recent-bid").first();
    await recent.filter({ hasText: owner.username }).filter({ hasText: "auto" }).waitFor({ timeout: 30_000 });
    await owner.page.getByTestId("leader").filter({ hasText: owner.username }).waitFor();
    await expect
      .poll(() => panel.getByTestId("agent-bids-left").textContent(), { timeout: 10_000 })
      .toBe("4");
  }, 60_000);
});
