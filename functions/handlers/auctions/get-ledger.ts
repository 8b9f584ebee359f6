import { BID_MESSAGES } from "#shared/bid-refusals";
import { auctionIdParamsSchema } from "#shared/schemas/auctions";
import { LEDGER_PAGE_DEFAULT_LIMIT, ledgerPageQuerySchema } from "#shared/schemas/ledger";
import { notFound } from "../../http/errors.ts";
import { definePublicRoute, WithHeaders } from "../../http/route.ts";
import { readLedgerPage } from "../../usecases/bidding/bid-ledger.ts";

/**
 * One page of an auction's bid ledger (`?from=`, `?limit=`; without them the first page). A page of
 * an auction that is over never changes, so the edge and browsers keep it for good; a live auction's
 * pages carry the moving head and stay the route's second.
 */
export const route = definePublicRoute(
  { params: auctionIdParamsSchema, query: ledgerPageQuerySchema },
  async ({ params, query }) => {
    const read = await readLedgerPage(params.id, {
      from: query.from ?? 1,
      limit: query.limit ?? LEDGER_PAGE_DEFAULT_LIMIT,
    });
    if (!read) throw notFound(BID_MESSAGES.notFound);
    return read.final ? new WithHeaders(read.page, {}, { immutable: true }) : read.page;
  },
);
