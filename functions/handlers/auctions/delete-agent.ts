import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { defineRoute } from "../../http/route.ts";
import { cancelAgent } from "../../usecases/agents/bid-agents.ts";

export const route = defineRoute({ params: auctionIdParamsSchema }, async ({ params, auth, now }) =>
  cancelAgent(params.id, auth.userId, now),
);
