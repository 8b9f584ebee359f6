import type { Page } from "playwright-core";
import type { Viewport } from "./users.ts";

/** The two sizes a page is checked at: a phone (its bid bar) and a laptop (the price panel). */
export const PHONE_AND_DESKTOP: [string, Viewport][] = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
];

/** Every console error or warning, uncaught error and failed API request of the page from now on. */
export function problems(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      found.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => found.push(`pageerror: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) found.push(`${response.status()} ${response.url()}`);
  });
  return found;
}
