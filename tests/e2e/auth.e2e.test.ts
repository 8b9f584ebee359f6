import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser.ts";
import { showUserMenuItem } from "./support/user-menu.ts";

/** Opens the user menu; a click that lands while the page is still hydrating is tried again. */
const openUserMenu = (page: Page) => showUserMenuItem(page, "Logout");

async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.getByRole("link", { name: "Login" }).first().waitFor();
}

describe("accounts in the browser", () => {
  it("registers, shows 0 Bids, logs out, logs in with the email and logs out", async () => {
    const page = await newPage();
    const username = `e2e${Date.now().toString(36)}`;
    const email = `${username}@example.com`;

    await page.goto("/register");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password").fill("password123");
    await page.getByLabel(/I am 18 or older/).check();
    await page.getByRole("button", { name: /create account|sign up|register/i }).click();

    // Success reloads the whole page at / (docs/product.md): wait for that document, not the one before the reload.
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "load", timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId("bid-balance").textContent(), { timeout: 15_000 })
      .toBe("0 Bids");
    await logOut(page);
    expect(await page.getByTestId("bid-balance").count()).toBe(0);

    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(email);
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: /log ?in|sign in/i }).click();
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "load", timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId("bid-balance").textContent(), { timeout: 15_000 })
      .toBe("0 Bids");
    await openUserMenu(page);
    expect(await page.getByTestId("user-menu-username").textContent()).toContain(username);
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("link", { name: "Login" }).first().waitFor();
  });

  it("shows the product's validation messages and a failed login", async () => {
    const page = await newPage();
    await page.goto("/register");
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("different");
    await page.getByRole("button", { name: /create account|sign up|register/i }).click();
    for (const message of [
      "Username must be at least 3 characters",
      "Invalid email address",
      "Password must be at least 8 characters",
      "Passwords don't match",
      "Confirm you are 18 or older and accept the Terms and the Auction Rules",
    ]) {
      await page.getByText(message).waitFor();
    }

    await page.goto("/login");
    await page.getByLabel("Username or Email").fill("nobody-here");
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: /log ?in|sign in/i }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Login failed" })
      .filter({ hasText: "Invalid username or password" })
      .first()
      .waitFor();
  });

  it("changes the password from the user menu: this browser stays signed in, another one is signed out", async () => {
    const page = await newPage();
    const username = `e2epw${Date.now().toString(36)}`;
    const registered = await page.request.post("/api/auth/register", {
      data: { username, email: `${username}@example.com`, password: "password123", role: "buyer" },
    });
    expect(registered.status()).toBe(201);
    const otherDevice = await newPage();
    const signedIn = await otherDevice.request.post("/api/auth/login", {
      data: { username, password: "password123" },
    });
    expect(signedIn.status()).toBe(200);

    await page.goto("/");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.waitFor();

    await dialog.getByLabel("Current Password").fill("password123");
    await dialog.getByLabel("New Password", { exact: true }).fill("short");
    await dialog.getByLabel("Confirm New Password").fill("different");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.getByText("Password must be at least 8 characters").waitFor();
    await dialog.getByText("Passwords don't match").waitFor();

    await dialog.getByLabel("Current Password").fill("not-my-password");
    await dialog.getByLabel("New Password", { exact: true }).fill("new-password-456");
    await dialog.getByLabel("Confirm New Password").fill("new-password-456");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Current password is incorrect").first().waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel("Current Password").fill("password123");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password changed").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    expect((await page.request.get("/api/auth/me")).status()).toBe(200);
    expect((await otherDevice.request.get("/api/auth/me")).status()).toBe(401);
    const oldPassword = await otherDevice.request.post("/api/auth/login", {
      data: { username, password: "password123" },
    });
    expect(oldPassword.status()).toBe(401);
    const newPassword = await otherDevice.request.post("/api/auth/login", {
      data: { username, password: "new-password-456" },
    });
    expect(newPassword.status()).toBe(200);
  });

  it("shows the 404 page for an unknown route", async () => {
    const page = await newPage();
    await page.goto("/no-such-page");
    await page.getByText("404 Page Not Found").waitFor();
    // Said once, in the heading: no second, bigger "404" above it.
    expect((await page.locator("main").innerText()).match(/404/g)).toHaveLength(1);
  });
});
