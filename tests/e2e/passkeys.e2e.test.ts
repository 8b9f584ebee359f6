/**
 * Passkeys in Chromium at 390 × 844 and 1280 × 800, with Chromium's virtual authenticator (CDP
 * WebAuthn: a platform authenticator that keeps resident keys and verifies its user): a buyer adds a
 * passkey on the security page, signs out, signs in with it alone, then removes it. The site is opened
 * at localhost, one of its origins: a relying party id must be a name. axe-core checks
 * each screen, and no unexpected failed request, console error or warning may appear.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { animationsDone, webUrl } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { openUserMenuItem } from "./support/user-menu.ts";
import { PASSWORD, signedIn } from "./support/users.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

async function expectAxeClean(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

/** Chromium's virtual authenticator in this page: it answers every WebAuthn prompt as a fingerprint would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

describe.each(PHONE_AND_DESKTOP)("passkeys at %s size", (label, viewport) => {
  it("a buyer adds a passkey, signs out, signs in with it alone, and removes it", async () => {
    // By name: browsers refuse an IP address (the suite's 127.0.0.1) as a passkey's relying party.
    const buyer = await signedIn("buyer", {
      viewport,
      baseURL: webUrl().replace("//127.0.0.1:", "//localhost:"),
    });
    const page = buyer.page;
    const seen = problems(page);
    const authenticator = await virtualAuthenticator(page);

    await page.goto("/");
    await openUserMenuItem(page, "Passkeys and two-factor");
    await page.waitForURL("**/account/two-factor");
    await page.getByText("You have no passkeys yet.").waitFor();
    // The password again first: a wrong one is refused on the form and no passkey is made.
    const addForm = page.getByRole("form", { name: "Add a passkey" });
    await addForm.getByLabel("Your password").fill("not-my-password");
    await addForm.getByRole("button", { name: "Add a passkey" }).click();
    await addForm.getByText("Password is incorrect").waitFor();
    expect(await authenticator.credentials()).toEqual([]);
    await addForm.getByLabel("Your password").fill(PASSWORD);
    await addForm.getByRole("button", { name: "Add a passkey" }).click();
    const row = page.getByTestId("passkey-row");
    await row.waitFor();
    expect(await row.textContent()).toContain("Last used never");
    // A discoverable credential for this page's host, made for this account.
    const [made] = await authenticator.credentials();
    expect(made).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    expect(Buffer.from(made!.userHandle!, "base64").toString()).toBe(buyer.id);
    await expectAxeClean(page, `passkeys list (${label})`);
    await page.screenshot({ path: `${SHOTS}/passkeys-added-${label}.png`, fullPage: true });

    await openUserMenuItem(page, "Logout");
    await page.getByRole("link", { name: "Login" }).first().waitFor({ state: "attached" });
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);

    await page.goto("/login");
    const passkeyButton = page.getByRole("button", { name: "Sign in with a passkey" });
    await passkeyButton.waitFor();
    await expectAxeClean(page, `login with a passkey (${label})`);
    await page.screenshot({ path: `${SHOTS}/passkeys-login-${label}.png`, fullPage: true });
    // No username, no password: the browser offers the passkey it holds for this site.
    await passkeyButton.click();
    await page.getByTestId("user-menu").waitFor({ timeout: 15_000 });
    const current = await page.request.get("/api/auth/me");
    expect(current.status()).toBe(200);
    expect(await current.json()).toMatchObject({ id: buyer.id, username: buyer.username });

    await openUserMenuItem(page, "Passkeys and two-factor");
    await page.waitForURL("**/account/two-factor");
    await row.waitFor();
    expect(await row.textContent()).not.toContain("Last used never");
    await row.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("button", { name: "Remove passkey" }).click();
    await page.getByText("You have no passkeys yet.").waitFor();
    const listed = await page.request.get("/api/me/passkeys");
    expect(await listed.json()).toEqual([]);
    // Only the wrong password's refusal (and the browser's line about it).
    expect(seen.filter((problem) => !problem.includes("403"))).toEqual([]);
    expect(seen.some((problem) => problem.includes("403"))).toBe(true);
  });
});
