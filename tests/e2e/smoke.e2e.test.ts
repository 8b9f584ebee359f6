import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser.ts";

describe("smoke", () => {
  it("the home page loads through the local stack and shows the header", async () => {
    const page = await newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const header = page.locator("header").first();
    await header.waitFor({ state: "visible" });
    await expect.poll(() => header.textContent()).toContain("Live Auctions");
    expect(await header.textContent()).toContain("How It Works");
  });

  it("the page reaches /api and /ws on its own origin", async () => {
    const page = await newPage();
    await page.goto("/");
    const api = await page.evaluate(async () => {
      const res = await fetch("/api/auctions");
      return { status: res.status, type: res.headers.get("content-type") };
    });
    expect(api.status).toBe(200);
    expect(api.type).toMatch(/application\/json/);
    const socket = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
          ws.onopen = () => {
            ws.close();
            resolve("open");
          };
          ws.onerror = () => resolve("error");
        }),
    );
    expect(socket).toBe("open");
  });
});
