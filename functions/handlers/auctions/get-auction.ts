import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { notFound } from "../../http/errors.ts";
import { defineRoute } from "../../http/route.ts";
import { BID_MESSAGES } from "../../usecases/place-bid.ts";
import { readAuctionDetail } from "../../usecases/read-auctions.ts";

export const handler = defineRoute(
  "auctions/get-auction",
  { params: auctionIdParamsSchema },
  async ({ params, now }) => {
    const detail = await readAuctionDetail(params.id, now);
    if (!detail) throw notFound(BID_MESSAGES.notFound);
    return detail;
  },
);
