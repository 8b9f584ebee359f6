/** axe-core in a browser page, for the browser tests' accessibility checks. */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE: string = createRequire(import.meta.url)("axe-core").source;

/** The findings of axe-core on what the page shows now, as "rule: selector" lines. */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // A dialog still fading in has its text at part opacity, which axe reports as low contrast: wait for
  // every finite animation (not the looping ones: spinners, the urgent countdown) to finish.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
  return violations.map((v) => `${where} ${v}`);
}
