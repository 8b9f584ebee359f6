/**
 * Self-exclusion (docs/architecture.md section 6): no purchases and no bids until its end, not even if
 * the user asks; the end only moves later. Every active Bid Agent of the user stops now and gives its
 * credits back, and the bid-package payment they started and did not finish is canceled, so it can no
 * longer be paid (one that is paid anyway is refunded when it lands: credit-bid-purchase.ts), as are
 * the payments of their unpaid Buy It Now orders (refunded likewise: orders/mark-order-paid.ts).
 */
import type { LimitsView } from "#shared/schemas/limits";
import { listUserAgents, stopAgent } from "../../adapters/dynamo/agents-repo.ts";
import { extendSelfExclusion } from "../../adapters/dynamo/limits-repo.ts";
import { unauthorized } from "../../domain/errors.ts";
import { selfExclusionUntil } from "../../domain/limits.ts";
import { cancelOpenBuyNowPayments } from "../orders/order-payments.ts";
import { closeOpenPurchase } from "../payments/credit-bid-purchase.ts";
import { limitsView, purchaseStanding } from "./responsible-play.ts";

export async function selfExclude(userId: string, days: number, now: number): Promise<LimitsView> {
  const state = await purchaseStanding(userId, now);
  if (!state) throw unauthorized();
  const until = selfExclusionUntil(state.selfExcludedUntil, days, now);
  await extendSelfExclusion(userId, until);
  for (const agent of await listUserAgents(userId)) {
    if (agent.status === "active") await stopAgent(agent, "cancelled", now);
  }
  if (state.openPurchaseIntentId) await closeOpenPurchase(state.openPurchaseIntentId, now);
  await cancelOpenBuyNowPayments(userId, now);
  return limitsView({ ...state, selfExcludedUntil: until }, now);
}
