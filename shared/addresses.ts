/**
 * Where we ship and what a deliverable address looks like there (docs/product.md section 5): the
 * countries of the checkout's select, the US states and territories by their USPS codes, and each
 * country's postal code. Shared by the API's schema and the web form so both refuse the same input
 * with the same words.
 */

/** The countries a carrier can reach with a tracked parcel of precious metal; US first (the default). */
export const SHIPPING_COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "AU", name: "Australia" },
  { code: "AT", name: "Austria" },
  { code: "BE", name: "Belgium" },
  { code: "CA", name: "Canada" },
  { code: "DK", name: "Denmark" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "IE", name: "Ireland" },
  { code: "IT", name: "Italy" },
  { code: "JP", name: "Japan" },
  { code: "NL", name: "Netherlands" },
  { code: "NZ", name: "New Zealand" },
  { code: "NO", name: "Norway" },
  { code: "SG", name: "Singapore" },
  { code: "ES", name: "Spain" },
  { code: "SE", name: "Sweden" },
  { code: "CH", name: "Switzerland" },
  { code: "GB", name: "United Kingdom" },
] as const;

export type ShippingCountryCode = (typeof SHIPPING_COUNTRIES)[number]["code"];

export const SHIPPING_COUNTRY_CODES = SHIPPING_COUNTRIES.map((c) => c.code) as [
  ShippingCountryCode,
  ...ShippingCountryCode[],
];

/** The 50 states, DC, the inhabited territories and the military post codes, as USPS abbreviates them. */
export const US_STATES: readonly { code: string; name: string }[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
  ["AS", "American Samoa"],
  ["GU", "Guam"],
  ["MP", "Northern Mariana Islands"],
  ["PR", "Puerto Rico"],
  ["VI", "U.S. Virgin Islands"],
  ["AA", "Armed Forces Americas"],
  ["AE", "Armed Forces Europe"],
  ["AP", "Armed Forces Pacific"],
].map(([code, name]) => ({ code: code as string, name: name as string }));

const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));

export const ADDRESS_MESSAGES = {
  usState: "State must be a US state's two-letter USPS code, such as IL",
  usZip: "ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)",
  postalCode: "Postal code must be 3 to 10 letters or digits (spaces and hyphens between them)",
  recipientName: "Recipient name is required",
} as const;

/** A US state as USPS writes it ("il" and " IL " are IL); null when it is not one. */
export function usStateCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return US_STATE_CODES.has(code) ? code : null;
}

const US_ZIP = /^\d{5}(-\d{4})?$/;
// Every country in the list writes its code with letters, digits, single spaces or hyphens, 3-10 long.
const POSTAL_CODE = /^[A-Z0-9](?:[A-Z0-9]|[ -](?=[A-Z0-9])){2,9}$/i;

/** Why the postal code cannot be delivered to in `country`, or null when it can. */
export function postalCodeProblem(country: string, code: string): string | null {
  const value = code.trim();
  if (country === "US") return US_ZIP.test(value) ? null : ADDRESS_MESSAGES.usZip;
  return POSTAL_CODE.test(value) ? null : ADDRESS_MESSAGES.postalCode;
}

/** The form the order stores: a US state as its USPS code, postal codes in capitals. */
export function normalizedRegion(country: string, state: string): string {
  const trimmed = state.trim();
  return country === "US" ? (usStateCode(trimmed) ?? trimmed) : trimmed;
}

export function normalizedPostalCode(code: string): string {
  return code.trim().toUpperCase();
}
