/**
 * In Chromium through the whole local stack (its stream poller feeds the stats aggregator): a bid is
 * placed, the admin opens the Stats tab, sees the four charts, and the bid counted in the hourly chart;
 * a seller's dashboard has its Sales charts.
 */
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { signedIn } from "./support/users.ts";

describe("stats charts", () => {
  it("shows the admin's Stats tab with its charts, counting a bid placed just now", async () => {
    const admin = await signedIn("admin");
    const buyer = await signedIn("buyer", { bidBalance: 3 });
    const created = await admin.page.request.post("/api/admin/products", {
      data: {
        name: `Stats Bar ${Math.random().toString(36).slice(2, 8)}`,
        description: "A bar to bid on.",
        metalType: "gold",
        imageUrl: "/images/products/platinum-bar.svg",
        startingPrice: "1.00",
        retailPrice: "50.00",
      },
    });
    const { id } = (await created.json()) as { id: string };
    const approved = await admin.page.request.post(`/api/admin/products/${id}/approve`, { data: {} });
    const { auctionId } = (await approved.json()) as { auctionId: string };
    const page = admin.page;
    const bidsCounted = async () => {
      const stats = (await (await page.request.get("/api/admin/stats/daily?days=1")).json()) as {
        hours: { bids: number }[];
      };
      return stats.hours.reduce((sum, h) => sum + h.bids, 0);
    };
    const bidsBefore = await bidsCounted();
    expect((await buyer.page.request.post(`/api/auctions/${auctionId}/bid`, { data: {} })).status()).toBe(
      200,
    );

    await page.goto("/admin");
    await page.getByRole("tab", { name: "Stats" }).click();
    const charts = page.getByTestId("stats-chart");
    await expect.poll(() => charts.count(), { timeout: 15_000 }).toBe(4);
    for (const title of [
      "Bid-package revenue per day",
      "Bids per hour (last 48 hours)",
      "Active bidders per day",
      "Auctions won per day",
    ]) {
      const chart = charts.filter({ hasText: title });
      await chart.locator("canvas").waitFor();
    }
    // The aggregates follow the stream: the bid shows once the poller has handed it over. Bids of
    // earlier files (Bid Agents, their stream batches) may land in the same hours meanwhile, so the
    // chart must show what the stats say at that moment, and that must count this bid at least.
    const hourly = charts.filter({ hasText: "Bids per hour" }).getByTestId("stats-chart-total");
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("tab", { name: "Stats" }).click();
          const shown = Number((await hourly.textContent())?.replace(/\D/g, ""));
          const counted = await bidsCounted();
          return shown === counted && counted >= bidsBefore + 1;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    expect(await axeFindings(page, "admin Stats tab")).toEqual([]);
  });

  it("shows a seller their Sales charts", async () => {
    const seller = await signedIn("seller", { approved: true });
    await seller.page.goto("/seller-dashboard");
    await seller.page.getByRole("tab", { name: "Sales" }).click();
    const charts = seller.page.getByTestId("stats-chart");
    await expect.poll(() => charts.count(), { timeout: 15_000 }).toBe(2);
    expect(
      await charts.filter({ hasText: "Sales per day" }).getByTestId("stats-chart-total").textContent(),
    ).toBe("Total $0.00");
    await charts.filter({ hasText: "Items shipped per day" }).locator("canvas").waitFor();
    expect(await axeFindings(seller.page, "seller Sales tab")).toEqual([]);
  });
});
