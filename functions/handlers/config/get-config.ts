import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("config/get-config");
