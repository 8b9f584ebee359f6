import { ADDRESS_MESSAGES, postalCodeProblem, SHIPPING_COUNTRY_CODES, usStateCode } from "../addresses.ts";
import { DEFAULT_COUNTRY, METAL_TYPES, PAYMENT_STATUSES, SHIPPING_STATUSES } from "../constants.ts";
import { auctionSummarySchema, bidderSpendSchema } from "./auctions.ts";
import { meltValueSchema } from "./product-description.ts";
import * as z from "./zod.ts";

/**
 * Orders: checkout of a won auction, its payment and its shipping (docs/product.md sections 2, 3, 7).
 * Money is a 2-decimal string ("12.34"); times are ISO strings.
 */

/** What the web shows when any shipping field is empty (docs/product.md sections 5 and 8). */
export const MISSING_SHIPPING_TITLE = "Missing information";
export const MISSING_SHIPPING_MESSAGE = "Please fill in all shipping fields";

const SHIPPING_FIELD_MAX = 200;
const shippingField = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, MISSING_SHIPPING_MESSAGE),
      z.maxLength(SHIPPING_FIELD_MAX),
      z.singleLine(label),
    );

const shippingShape = {
  /** The recipient: optional for API clients of the original contract, required by the web form. */
  shippingName: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, ADDRESS_MESSAGES.recipientName),
        z.maxLength(SHIPPING_FIELD_MAX),
        z.singleLine("Recipient name"),
      ),
  ),
  shippingAddress: shippingField("Street address"),
  shippingCity: shippingField("City"),
  // Required in the US (checked with the country below); a region is optional where there is none.
  shippingState: z.string().check(z.trim(), z.maxLength(SHIPPING_FIELD_MAX), z.singleLine("State")),
  shippingZip: shippingField("ZIP code"),
  shippingCountry: z._default(
    z.enum(SHIPPING_COUNTRY_CODES, { error: "Country must be one of the countries we ship to" }),
    DEFAULT_COUNTRY,
  ),
};

/** What the country decides: a US state by its USPS code, and the postal code's form. */
const deliverable = z.superRefine(
  (address: { shippingState: string; shippingZip: string; shippingCountry: string }, ctx) => {
    const { shippingCountry: country, shippingState: state, shippingZip: zip } = address;
    if (country === "US" && !usStateCode(state)) {
      ctx.addIssue({
        code: "custom",
        path: ["shippingState"],
        message: state === "" ? MISSING_SHIPPING_MESSAGE : ADDRESS_MESSAGES.usState,
        input: state,
      });
    }
    const zipProblem = zip === "" ? null : postalCodeProblem(country, zip);
    if (zipProblem) ctx.addIssue({ code: "custom", path: ["shippingZip"], message: zipProblem, input: zip });
  },
);

/**
 * The shipping form: recipient, street address, city, state, postal code and country (US by
 * default). A US address needs a USPS state code and a ZIP or ZIP+4; elsewhere the region is optional
 * and the postal code must look like one.
 */
export const shippingAddressSchema = z.object(shippingShape).check(deliverable);
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * POST /api/orders. The price is not part of it: the order always costs the auction's final price
 * (unknown keys such as a client's `finalPrice` are dropped by the schema).
 */
export const createOrderRequestSchema = z
  .object({
    ...shippingShape,
    auctionId: z
      .string()
      .check(z.trim(), z.minLength(1, "Auction id is required"), z.maxLength(64, "Invalid auction id")),
  })
  .check(deliverable);
/** What the web sends (shippingCountry may be left out) and what the handler receives (US when left out). */
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;
export type CreateOrderBody = z.output<typeof createOrderRequestSchema>;

export const orderIdParamsSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1, "Order id is required"), z.maxLength(64, "Invalid order id")),
});

export const orderProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  metalType: z.enum(METAL_TYPES),
  /** Troy ounces of pure metal (4 decimals); null when the metal, weight or purity does not say. */
  fineOz: z.nullable(z.number()),
});

/** One order as /orders and /seller-orders show it. */
export const orderViewSchema = z.object({
  id: z.string(),
  /** "auction": the winner's checkout; "buy_now": bought at retail less the buyer's bids. */
  kind: z.enum(["auction", "buy_now"]),
  /** Buy It Now: the retail price and the credit for the bids spent (finalPrice = retail − credit). */
  buyNow: z.nullable(
    z.object({ retailPrice: z.string(), bidsCredited: z.number().check(z.integer()), credit: z.string() }),
  ),
  auctionId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  finalPrice: z.string(),
  /** The buyer's bids on the auction when ordering, what they cost the buyer and the all-in cost. */
  bidsSpent: z.number().check(z.integer()),
  bidsValue: z.string(),
  allInCost: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shippingStatus: z.enum(SHIPPING_STATUSES),
  /** Null on orders placed without a recipient's name (the original contract's clients). */
  shippingName: z.nullable(z.string()),
  shippingAddress: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingZip: z.string(),
  shippingCountry: z.string(),
  trackingNumber: z.nullable(z.string()),
  /** The payment deadline (null on orders placed before deadlines); after it an unpaid order cannot be paid. */
  payBy: z.nullable(z.string()),
  /** When an unpaid order (a win's or a Buy It Now one) expired at its deadline. */
  paymentExpiredAt: z.nullable(z.string()),
  /** A win's order whose winner exchanged the win for its bids (it expired then): the bids that came back. */
  exchangedBids: z.nullable(z.number().check(z.integer())),
  /** The moment a paid order must be marked shipped by (null until paid); past it the buyer may cancel. */
  shipBy: z.nullable(z.string()),
  /** When its buyer cancelled it past shipBy, and the bids given back free then. */
  cancelledAt: z.nullable(z.string()),
  bidsReturned: z.nullable(z.number().check(z.integer())),
  paidAt: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  createdAt: z.string(),
  auction: z.object({
    id: z.string(),
    endsAt: z.string(),
    totalBids: z.number().check(z.integer()),
    product: orderProductSchema,
    /** As on the auction: absent without a fine content or a fresh spot price. */
    meltValue: z.optional(meltValueSchema),
  }),
  seller: z.object({ id: z.string(), businessName: z.string() }),
  buyer: z.object({ id: z.string(), username: z.string(), email: z.string() }),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** POST /api/orders/{id}/payment-intent */
export const orderPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type OrderPaymentIntentResponse = z.infer<typeof orderPaymentIntentResponseSchema>;

/** The order state a won auction shows: none yet (checkout), unpaid (Payment Pending), paid (Order Placed). */
export const wonAuctionOrderSchema = z.object({
  id: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shippingStatus: z.enum(SHIPPING_STATUSES),
});

/**
 * GET /api/auctions/won: the caller's won auctions, newest win first. `wonAt` is the auction's end
 * time (its final endsAt), the date both /auctions/won and /my-wins show.
 */
export const wonAuctionSchema = z.extend(auctionSummarySchema, {
  finalPrice: z.string(),
  /** The winner's bids on it and their value; allInCost = finalPrice + me.bidsValue. */
  me: bidderSpendSchema,
  allInCost: z.string(),
  wonAt: z.string(),
  /** Pay by then (null for wins from before deadlines); once it passes unpaid, the win expires. */
  payBy: z.nullable(z.string()),
  paymentExpiredAt: z.nullable(z.string()),
  /** The bids the winner got back for giving the win up (it expired then); null while not exchanged. */
  exchangedBids: z.nullable(z.number().check(z.integer())),
  order: z.nullable(wonAuctionOrderSchema),
});
export type WonAuction = z.infer<typeof wonAuctionSchema>;

/** POST /api/auctions/{id}/exchange: the credits that came back and the balance after them. */
export const exchangeWinResponseSchema = z.object({
  returned: z.number().check(z.integer()),
  bidBalance: z.number().check(z.integer()),
});
export type ExchangeWinResponse = z.infer<typeof exchangeWinResponseSchema>;

/**
 * PATCH /api/orders/{id}/shipping. A tracking number that is left out keeps the one stored; an empty
 * one removes it.
 */
export const shippingUpdateSchema = z.object({
  status: z.enum(SHIPPING_STATUSES),
  trackingNumber: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type ShippingUpdate = z.infer<typeof shippingUpdateSchema>;

/** POST /api/auctions/{id}/buy-now: the same shipping fields as the winner's checkout. */
export type BuyNowRequest = z.input<typeof shippingAddressSchema>;

/**
 * GET /api/auctions/{id}/buy-now: the caller's offer. credit = what the bids placed cost the caller
 * (docs/architecture.md section 4) capped at the retail price; price = retailPrice − credit. `reason`
 * says why it is not offered (null when eligible).
 */
export const buyNowOfferSchema = z.object({
  eligible: z.boolean(),
  reason: z.nullable(z.string()),
  retailPrice: z.nullable(z.string()),
  bidsPlaced: z.number().check(z.integer()),
  credit: z.string(),
  price: z.nullable(z.string()),
  stockLeft: z.number().check(z.integer()),
  expiresAt: z.nullable(z.string()),
});
export type BuyNowOfferView = z.infer<typeof buyNowOfferSchema>;
