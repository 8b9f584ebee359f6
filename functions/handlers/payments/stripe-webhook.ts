import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("payments/stripe-webhook");
