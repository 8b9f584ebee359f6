import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("admin/list-pending-products");
