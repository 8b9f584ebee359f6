import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("payments/verify-payment");
