/** Runs before every e2e test file: its browser is closed after the file. */
import { afterAll } from "vitest";
import { closeBrowser } from "./browser.ts";

afterAll(async () => {
  await closeBrowser();
});
