import { NEXT_CURSOR_HEADER } from "#shared/constants";
import { pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { liveHandoff } from "../../adapters/realtime/handoff-from-env.ts";
import { definePublicRoute, WithHeaders } from "../../http/route.ts";
import { listLiveAuctions, listLiveAuctionsPageAt } from "../../usecases/auctions/read-auctions.ts";

/**
 * The live auctions, ending soonest first. Paged on request (`?limit=`, `?cursor=`) with the body still
 * the product's bare array: the next page is named by headers, not by a wrapper.
 */
export const route = definePublicRoute({ query: pageQuerySchema }, async ({ query, now, route }) => {
  const request = pageRequestOf(query);
  if (!request) return listLiveAuctions(now, liveHandoff());
  const page = await listLiveAuctionsPageAt(now, request, liveHandoff());
  if (!page.nextCursor) return new WithHeaders(page.items, {});
  const next = `${route.path}?limit=${request.limit}&cursor=${encodeURIComponent(page.nextCursor)}`;
  return new WithHeaders(page.items, {
    [NEXT_CURSOR_HEADER]: page.nextCursor,
    link: `<${next}>; rel="next"`,
  });
});
