/**
 * Two-factor sign-in in Chromium at 390 × 844 and 1280 × 800: an admin turns it on from the account
 * menu (the key read off the page, the code computed here as the app would), keeps the recovery codes,
 * logs out, and signs in again with the password and then a code. axe-core checks each step, and no
 * unexpected failed request, console error or warning may appear.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../functions/domain/two-factor.ts";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { openUserMenuItem } from "./support/user-menu.ts";
import { PASSWORD, pageAt, signedIn } from "./support/users.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

async function expectAxeClean(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

describe.each(PHONE_AND_DESKTOP)("two-factor at %s size", (label, viewport) => {
  it("an admin turns it on, signs out, and signs in with a code", async () => {
    const admin = await signedIn("admin", { viewport });
    const page = admin.page;
    const seen = problems(page);

    await page.goto("/");
    await openUserMenuItem(page, "Passkeys and two-factor");
    await page.waitForURL("**/account/two-factor");
    // The password again first: a wrong one is refused on the form.
    const startForm = page.getByRole("form", { name: "Set up two-factor" });
    await startForm.getByLabel("Your password").fill("not-my-password");
    await startForm.getByRole("button", { name: "Set up two-factor" }).click();
    await startForm.getByText("Password is incorrect").waitFor();
    await startForm.getByLabel("Your password").fill(PASSWORD);
    await startForm.getByRole("button", { name: "Set up two-factor" }).click();
    await page.getByTestId("totp-qr").waitFor();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAxeClean(page, `two-factor setup (${label})`);
    await page.screenshot({ path: `${SHOTS}/two-factor-setup-${label}.png`, fullPage: true });

    await page.getByLabel("Code from the app").fill(totpCode(secret, Date.now()));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect.poll(() => page.getByTestId("recovery-code").count()).toBe(10);
    await expectAxeClean(page, `recovery codes (${label})`);
    await page.screenshot({ path: `${SHOTS}/two-factor-recovery-${label}.png`, fullPage: true });
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByText("Two-factor authentication is on").waitFor();

    await openUserMenuItem(page, "Logout");
    // Logging out reloads the page: the signed-out header says it is done.
    await page.getByRole("link", { name: "Login" }).first().waitFor({ state: "attached" });
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);

    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(admin.username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    const codeField = page.getByLabel("Authentication code");
    await codeField.waitFor();
    await expectAxeClean(page, `login code step (${label})`);
    await page.screenshot({ path: `${SHOTS}/two-factor-login-${label}.png` });
    // The next step's code: the one that turned it on may not be used again, and the server takes a step of drift.
    await codeField.fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(async () => (await page.request.get("/api/auth/me")).status(), { timeout: 10_000 })
      .toBe(200);
    await page.goto("/admin");
    await page.waitForURL("**/admin");
    // Only the wrong password's refusal (and the browser's line about it).
    expect(seen.filter((problem) => !problem.includes("403"))).toEqual([]);
    expect(seen.some((problem) => problem.includes("403"))).toBe(true);
  });
});

describe("two-factor before the address is verified", () => {
  it("is refused on the page with the reason", async () => {
    const page = await pageAt();
    const username = `e2eu${Math.random().toString(36).slice(2, 9)}`;
    const registered = await page.request.post("/api/auth/register", {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    await page.goto("/account/two-factor");
    const startForm = page.getByRole("form", { name: "Set up two-factor" });
    await startForm.getByLabel("Your password").fill(PASSWORD);
    await startForm.getByRole("button", { name: "Set up two-factor" }).click();
    await startForm.getByText("Verify your email address first").waitFor();
    await expectAxeClean(page, "two-factor refused before verification");
  });
});

describe("two-factor login through the API", () => {
  it("answers twoFactorRequired with no session until the code", async () => {
    const page = await pageAt();
    const admin = await signedIn("admin");
    const setup = await admin.page.request.post("/api/me/two-factor/setup", { data: { password: PASSWORD } });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    expect(
      (
        await admin.page.request.post("/api/me/two-factor/confirm", {
          data: { code: totpCode(secret, Date.now()) },
        })
      ).status(),
    ).toBe(200);
    const first = await page.request.post("/api/auth/login", {
      data: { username: admin.username, password: PASSWORD },
    });
    expect(await first.json()).toEqual({ twoFactorRequired: true });
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });
});
