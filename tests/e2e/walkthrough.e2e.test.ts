/**
 * What a new user meets on the ended auction page, in Chromium at 390 × 844 and 1280 × 800: the ended
 * box says it ended and names the winner once; no countdown box reading "Ended", no second line for the
 * same person. No console error or failed request, and axe-core finds nothing.
 */
import { describe, expect, it } from "vitest";
import { listedAuction, SILVER_COIN } from "./support/auctions.ts";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { toast } from "./support/toasts.ts";
import { signedIn } from "./support/users.ts";

describe.each(PHONE_AND_DESKTOP)("ended auction page at %s size", (label, viewport) => {
  it("names the winner once and shows no Time Remaining box", async () => {
    const seller = await signedIn("seller");
    const winner = await signedIn("buyer", { bidBalance: 3 });
    const reader = await signedIn("buyer", { viewport });
    // Long enough for the winner's page to load and bid on a busy machine, short enough to watch it end.
    const auction = await listedAuction(seller, "Ended Silver Round", "Walk Vault", SILVER_COIN, {
      durationSeconds: 10,
      extensionSeconds: 3,
    });
    const seen = problems(reader.page);

    await winner.page.goto(`/auction/${auction.id}`);
    await winner.page.getByRole("button", { name: "Place Bid" }).click();
    await toast(winner.page, "Bid placed successfully!").waitFor();

    await reader.page.goto(`/auction/${auction.id}`);
    const ended = reader.page.getByTestId("auction-ended").first();
    await ended.waitFor({ timeout: 20_000 });
    await ended.getByText(`Winner: ${winner.username}`).waitFor();
    expect(await reader.page.getByText("Last bidder").count()).toBe(0);
    expect(await reader.page.getByText("Time Remaining").count()).toBe(0);
    expect(await reader.page.getByTestId("leader").count()).toBe(0);
    await reader.page.screenshot({ path: `/tmp/walk2-ended-${label}.png`, fullPage: true });
    expect(await axeFindings(reader.page, `ended auction (${label})`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
