/**
 * How It Works in Chromium at 390 × 844 and 1280 × 800: four illustrated steps come first, the exact
 * rules are folded below them (each opens on a tap), and the Fairness page's link to the Bid Agent's
 * rules opens that one. axe-core finds nothing; no console error or failed request.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFindings } from "./support/axe.ts";
import { animationsDone } from "./support/browser.ts";
import { PHONE_AND_DESKTOP, problems } from "./support/page-problems.ts";
import { pageAt } from "./support/users.ts";

const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

async function expectAxeClean(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeFindings(page, where)).toEqual([]);
}

describe.each(PHONE_AND_DESKTOP)("How It Works at %s size", (label, viewport) => {
  it("leads with four steps; the rules are folded below and open on demand", async () => {
    const page = await pageAt(viewport);
    const seen = problems(page);
    await page.goto("/how-it-works");
    const steps = page.getByTestId("how-it-works-steps").getByRole("listitem");
    await steps.first().waitFor();
    expect(await steps.count()).toBe(4);
    expect(await steps.locator("h3").allTextContents()).toEqual([
      "Step 1: Buy bid credits",
      "Step 2: Bid a cent at a time",
      "Step 3: Last bidder wins",
      "Step 4: Pay and receive it",
    ]);
    // The steps come before the rules, and every rule starts folded.
    const stepsTop = (await page.getByTestId("how-it-works-steps").boundingBox())!.y;
    const rulesTop = (await page.getByRole("heading", { name: "The rules in detail" }).boundingBox())!.y;
    expect(stepsTop).toBeLessThan(rulesTop);
    const rules = page.locator("details");
    expect(await rules.count()).toBe(4);
    expect(await rules.evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(
      0,
    );
    expect(await page.getByText("agents tied on that are picked at random").isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/how-it-works-${label}.png`, fullPage: true });
    await expectAxeClean(page, `how it works folded (${label})`);

    await page.getByRole("heading", { name: "The Bid Agent, exactly" }).click();
    await page.getByText("agents tied on that are picked at random", { exact: false }).waitFor();
    await expectAxeClean(page, `how it works opened (${label})`);

    // The Fairness page links straight to the agent's rules: they open there.
    const fresh = await pageAt(viewport);
    await fresh.goto("/how-it-works#bid-agent");
    await fresh.getByText("agents tied on that are picked at random", { exact: false }).waitFor();
    expect(seen).toEqual([]);
  });
});
