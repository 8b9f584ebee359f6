import { describe, expect, it } from "vitest";
import type { AuctionSummary } from "#shared/schemas/auctions";
import { findUserByLogin } from "../../functions/adapters/dynamo/users-repo.ts";
import { invokeRoute } from "../../scripts/local/invoke-route.ts";
import { DEMO_AGENT_BIDDERS } from "../../scripts/seed/demo-agents.ts";
import { seedDemoAuctions } from "../../scripts/seed/demo-auctions.ts";
import { useFreshTable } from "./support/fresh-table.ts";

useFreshTable("seed-demo");

describe("the demo seed", () => {
  it("puts two Bid Agents on the auction that ends first, once", async () => {
    expect((await seedDemoAuctions()).started).toBeGreaterThan(0);
    const live = (await invokeRoute<AuctionSummary[]>({ method: "GET", path: "/api/auctions" })).body;
    const first = [...live].sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))[0]!;
    expect(first.activeAgents).toBe(2);
    expect(live.filter((a) => a.id !== first.id).every((a) => a.activeAgents === 0)).toBe(true);
    const balances = async () =>
      Promise.all(DEMO_AGENT_BIDDERS.map(async (b) => (await findUserByLogin(b.username))?.bidBalance));
    expect(await balances()).toEqual(DEMO_AGENT_BIDDERS.map((b) => 20 - b.bids));
    // Seeded accounts are stored as verified, so they may add a passkey or turn two-factor on.
    for (const b of DEMO_AGENT_BIDDERS) expect((await findUserByLogin(b.username))?.emailVerified).toBe(true);

    expect((await seedDemoAuctions()).started).toBe(0);
    expect(await balances()).toEqual(DEMO_AGENT_BIDDERS.map((b) => 20 - b.bids));
  });
});
