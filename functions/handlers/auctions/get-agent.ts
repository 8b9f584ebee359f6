import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { defineRoute } from "../../http/route.ts";
import { readAgent } from "../../usecases/agents/bid-agents.ts";

export const route = defineRoute({ params: auctionIdParamsSchema }, async ({ params, auth }) =>
  readAgent(params.id, auth.userId),
);
