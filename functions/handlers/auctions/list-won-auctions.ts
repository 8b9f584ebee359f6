import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("auctions/list-won-auctions");
