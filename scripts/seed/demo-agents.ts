/**
 * The demo's Bid Agents: two demo bidders book agents on the auction that ends first, so a fresh
 * `npm run dev` shows agents at work in its last seconds (auto bids in Recent Bids, the agent count on
 * the card). Booked only when a new round of demo auctions starts, so a restart changes nothing.
 */
import { findUserByLogin } from "../../functions/adapters/dynamo/users-repo.ts";
import { bookAgent } from "../../functions/usecases/agents/bid-agents.ts";
import { ensureAccount } from "./accounts.ts";

export const DEMO_AGENT_BIDDERS = [
  { username: "agent_ann", email: "agent_ann@example.com", password: "agent-password", bids: 6 },
  { username: "agent_bo", email: "agent_bo@example.com", password: "agent-password", bids: 4 },
] as const;

export async function seedDemoAgents(auctionId: string, now: number): Promise<void> {
  for (const bidder of DEMO_AGENT_BIDDERS) {
    await ensureAccount({ ...bidder, role: "buyer", bidBalance: 20 });
    const user = await findUserByLogin(bidder.username);
    if (!user) continue;
    await bookAgent({
      auctionId,
      user: { id: user.id, username: user.username, role: user.role },
      bids: bidder.bids,
      maxPriceCents: null,
      now,
    });
  }
}
