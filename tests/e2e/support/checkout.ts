import type { Page } from "playwright-core";

/** The address the shipping form is filled with, as POST /api/orders takes it. */
export const ORDER_ADDRESS = {
  shippingName: "Homer Simpson",
  shippingAddress: "742 Evergreen Terrace",
  shippingCity: "Springfield",
  shippingState: "OR",
  shippingZip: "97403",
  shippingCountry: "US",
};

/** The checkout's shipping form, filled with a US address (the state from the picker). */
export async function fillShippingAddress(
  page: Page,
  address = {
    name: "Homer Simpson",
    street: "742 Evergreen Terrace",
    city: "Springfield",
    state: "OR",
    zip: "97403",
  },
) {
  await page.getByLabel("Recipient Name").fill(address.name);
  await page.getByLabel("Street Address").fill(address.street);
  await page.getByLabel("City").fill(address.city);
  await page.getByLabel("State").selectOption(address.state);
  await page.getByLabel("ZIP Code").fill(address.zip);
}
