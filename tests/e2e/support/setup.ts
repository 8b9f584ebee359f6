/**
 * Runs before every e2e test file: its browser is closed after the file, and a failing test prints
 * what the stack's handlers logged while it ran (./global-setup.ts).
 */
import { readFileSync, statSync } from "node:fs";
import { afterAll, beforeEach, inject } from "vitest";
import { closeBrowser } from "./browser.ts";

beforeEach(({ onTestFailed, task }) => {
  const stackLog = inject("stackLog");
  const from = statSync(stackLog).size;
  onTestFailed(() => {
    const lines = readFileSync(stackLog).subarray(from).toString();
    if (lines) console.error(`[e2e] the local stack's logs while "${task.name}" ran:\n${lines}`);
  });
});

afterAll(async () => {
  await closeBrowser();
});
