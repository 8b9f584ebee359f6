import { bookAgentSchema } from "#shared/schemas/agents";
import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { defineRoute } from "../../http/route.ts";
import { bookAgent } from "../../usecases/agents/bid-agents.ts";

export const route = defineRoute(
  { params: auctionIdParamsSchema, body: bookAgentSchema },
  async ({ params, body, auth, now }) =>
    bookAgent({
      auctionId: params.id,
      user: { id: auth.userId, username: auth.username, role: auth.role },
      bids: body.bids,
      maxPriceCents: body.maxPrice,
      now,
    }),
);
