import { describe, expect, it } from "vitest";
import { renderEmail } from "../../../functions/domain/email-templates.ts";

const site = { name: "Precious Metals Auctions", url: "https://auctions.example.com" };

describe("the branded email", () => {
  it("an order's email carries the logo, one button to its page and the order's details, in both parts", () => {
    const mail = renderEmail(
      {
        kind: "order_paid",
        data: { auctionId: "a1", productName: "1 oz Gold <Maple>", priceCents: 15_437, orderId: "o-42" },
      },
      "alice",
      site,
    );
    expect(mail.html).toContain('<img src="https://auctions.example.com/icons/icon-192.png"');
    expect(mail.html.match(/<a href="https:\/\/auctions\.example\.com\/orders"/g)).toHaveLength(1);
    expect(mail.html).toContain(">See your orders</a>");
    expect(mail.html).toContain("1 oz Gold &lt;Maple&gt;");
    expect(mail.html).not.toContain("<Maple>");
    expect(mail.html).toContain(">$154.37</td>");
    expect(mail.html).toContain("max-width:600px");
    expect(mail.text).toContain("Item: 1 oz Gold <Maple>\nPrice: $154.37\nOrder: o-42");
    expect(mail.text).toContain("See your orders: https://auctions.example.com/orders");
    expect(mail.text).not.toContain("<p");
  });

  it("an account email has no details table, and a payment reminder names its deadline in UTC", () => {
    const welcome = renderEmail({ kind: "welcome", data: {} }, "bob", site);
    expect(welcome.html).not.toContain('border:1px solid #e5e7eb;border-radius:6px">');
    expect(welcome.text.split("\n")[0]).toBe("Hello bob,");
    const reminder = renderEmail(
      {
        kind: "payment_reminder",
        data: { auctionId: "a1", productName: "Silver Eagle", payBy: Date.parse("2026-01-15T12:00:00Z") },
      },
      "bob",
      site,
    );
    expect(reminder.text).toContain("Pay by: Jan 15, 2026, 12:00 PM UTC");
  });
});
