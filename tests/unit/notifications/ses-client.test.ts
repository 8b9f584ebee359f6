/**
 * The SES client stays in the email sender: functions/adapters/email/ses-sender.ts is the only file
 * that imports it, and the import fences (.dependency-cruiser.cjs, ses-only-in-the-email-sender) let only
 * the sender's handler import that file. (The fences do not follow node_modules, hence this check.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/local/paths.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the SES client", () => {
  it("is imported by functions/adapters/email/ses-sender.ts only (no other function, web or shared code)", () => {
    const importers = ["functions", "shared", "web/src", "infra"]
      .flatMap((dir) => sourceFiles(join(repoRoot, dir)))
      .filter((file) =>
        /from\s+["']@aws-sdk\/client-sesv2["']|import\(\s*["']@aws-sdk\/client-sesv2["']/.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => relative(repoRoot, file));
    expect(importers).toEqual(["functions/adapters/email/ses-sender.ts"]);
  });
});
