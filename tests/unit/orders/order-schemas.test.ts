import { describe, expect, it } from "vitest";
import { carrierTrackingUrl, shippingAddressLines, shortOrderId } from "#shared/orders";
import { createOrderRequestSchema, shippingUpdateSchema } from "#shared/schemas/orders";

const address = {
  auctionId: "auction-1",
  shippingAddress: "1 Main St",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
  shippingCountry: "US",
};

describe("create order request", () => {
  it("accepts a full US address and trims it", () => {
    const parsed = createOrderRequestSchema.parse({ ...address, shippingCity: "  Springfield " });
    expect(parsed.shippingCity).toBe("Springfield");
  });

  it("defaults the country to US", () => {
    const { shippingCountry: _omit, ...withoutCountry } = address;
    expect(createOrderRequestSchema.parse(withoutCountry).shippingCountry).toBe("US");
  });

  it("refuses a country outside the list, naming the field", () => {
    const result = createOrderRequestSchema.safeParse({ ...address, shippingCountry: "XX" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["shippingCountry"],
      message: "Country must be one of the countries we ship to",
    });
  });

  it("takes a US state by its USPS code in any case, never by its name", () => {
    expect(createOrderRequestSchema.safeParse({ ...address, shippingState: "il" }).success).toBe(true);
    expect(
      createOrderRequestSchema.safeParse({ ...address, shippingState: "Illinois" }).error?.issues,
    ).toEqual([
      expect.objectContaining({
        path: ["shippingState"],
        message: "State must be a US state's two-letter USPS code, such as IL",
      }),
    ]);
  });

  it.each(["62701", "62701-1234"])("takes the US ZIP %s", (zip) => {
    expect(createOrderRequestSchema.safeParse({ ...address, shippingZip: zip }).success).toBe(true);
  });

  it.each(["ABCDE", "6270", "627011", "62701-12", "62701 1234"])("refuses the US ZIP %s", (zip) => {
    expect(createOrderRequestSchema.safeParse({ ...address, shippingZip: zip }).error?.issues).toEqual([
      expect.objectContaining({
        path: ["shippingZip"],
        message: "ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)",
      }),
    ]);
  });

  it("takes a postal code abroad in its own form, with no state where there is none", () => {
    for (const [country, zip] of [
      ["GB", "SW1A 1AA"],
      ["CA", "K1A 0B1"],
      ["DE", "10115"],
      ["JP", "100-0001"],
    ]) {
      const parsed = createOrderRequestSchema.safeParse({
        ...address,
        shippingCountry: country,
        shippingState: "",
        shippingZip: zip,
      });
      expect(parsed.success, `${country} ${zip}`).toBe(true);
    }
    for (const zip of ["1", "SW1A--1AA", "!!!!", "12345678901"]) {
      const result = createOrderRequestSchema.safeParse({
        ...address,
        shippingCountry: "GB",
        shippingZip: zip,
      });
      expect(result.error?.issues[0]?.path, zip).toEqual(["shippingZip"]);
    }
  });

  it("takes an optional recipient name, refusing a blank or multi-line one", () => {
    expect(createOrderRequestSchema.parse({ ...address, shippingName: " Ada Lovelace " }).shippingName).toBe(
      "Ada Lovelace",
    );
    expect(
      createOrderRequestSchema.safeParse({ ...address, shippingName: " " }).error?.issues[0],
    ).toMatchObject({
      path: ["shippingName"],
      message: "Recipient name is required",
    });
    expect(createOrderRequestSchema.safeParse({ ...address, shippingName: "Ada\nX" }).success).toBe(false);
  });

  it.each(["shippingAddress", "shippingCity", "shippingState", "shippingZip"] as const)(
    "refuses a blank %s with the checkout's message",
    (field) => {
      const result = createOrderRequestSchema.safeParse({ ...address, [field]: "   " });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: [field],
        message: "Please fill in all shipping fields",
      });
    },
  );

  it("drops a price the client sends (the auction decides it)", () => {
    expect(createOrderRequestSchema.parse({ ...address, finalPrice: "0.01" })).not.toHaveProperty(
      "finalPrice",
    );
  });
});

describe("shipping update", () => {
  it("accepts the three statuses with an optional tracking number", () => {
    for (const status of ["pending", "shipped", "delivered"]) {
      expect(shippingUpdateSchema.safeParse({ status }).success).toBe(true);
    }
    expect(shippingUpdateSchema.parse({ status: "shipped", trackingNumber: " 1Z " }).trackingNumber).toBe(
      "1Z",
    );
  });

  it("refuses an unknown status", () => {
    expect(shippingUpdateSchema.safeParse({ status: "lost" }).success).toBe(false);
  });
});

describe("display helpers", () => {
  it("writes the address as three lines, the country defaulting to US", () => {
    expect(shippingAddressLines({ ...address, shippingCountry: "" })).toEqual([
      "1 Main St",
      "Springfield, IL 62701",
      "US",
    ]);
    expect(
      shippingAddressLines({ ...address, shippingCountry: "GB", shippingState: "", shippingZip: "SW1A 1AA" }),
    ).toEqual(["1 Main St", "Springfield SW1A 1AA", "GB"]);
  });

  it("shows the first 8 characters of an order id", () => {
    expect(shortOrderId("1a2b3c4d-5e6f")).toBe("1a2b3c4d");
  });
});

describe("tracking links", () => {
  it("links the known carriers' formats to their tracking pages", () => {
    expect(carrierTrackingUrl("1Z 999 AA1 01 2345 6784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(carrierTrackingUrl("9400111899223856925746")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856925746",
    );
    expect(carrierTrackingUrl("EA123456789US")).toContain("usps.com");
    expect(carrierTrackingUrl("123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
  });

  it("leaves an unknown format as text", () => {
    expect(carrierTrackingUrl("TRACK-123")).toBeNull();
    expect(carrierTrackingUrl("12345")).toBeNull();
  });
});
