import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("auctions/get-auction");
