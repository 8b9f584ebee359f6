import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("seller/update-seller-profile");
