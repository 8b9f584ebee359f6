/**
 * A failed login in Chromium at 390 × 844 and 1280 × 800: besides the "Login failed" toast,
 * the reason stays on the form, at the Sign In button, after the toast has gone and until the next try.
 * axe-core finds nothing on the form with the message shown.
 */
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { PHONE_AND_DESKTOP } from "./support/page-problems.ts";
import { pageAt } from "./support/users.ts";

describe.each(PHONE_AND_DESKTOP)("a failed login at %s size", (label, viewport) => {
  it("keeps its reason on the form until the next try", async () => {
    const page = await pageAt(viewport);
    const username = `e2elf${Math.random().toString(36).slice(2, 9)}`;
    const registered = await page.request.post("/api/auth/register", {
      data: { username, email: `${username}@example.com`, password: "password123" },
    });
    expect(registered.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(username);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const form = page.getByRole("form", { name: "Login" });
    const reason = form.getByRole("alert").filter({ hasText: "Invalid username or password" });
    await reason.waitFor();
    const toast = page.getByRole("status").filter({ hasText: "Login failed" }).first();
    await toast.waitFor();
    await toast.waitFor({ state: "hidden", timeout: 20_000 });
    expect(await reason.isVisible()).toBe(true);
    expect(await axeFindings(page, `failed login (${label})`)).toEqual([]);

    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page
      .getByRole("link", { name: /^\d+ Bids?: buy bids$/ })
      .first()
      .waitFor();
  });
});
