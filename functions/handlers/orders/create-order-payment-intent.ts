import { notImplemented } from "../../http/route.ts";

export const handler = notImplemented("orders/create-order-payment-intent");
