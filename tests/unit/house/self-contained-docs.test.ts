import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: comments and docs cite docs/product.md and docs/architecture.md, never
 * the product spec or design documents that live outside it.
 */
describe("self-contained docs", () => {
  // Spelled in parts, so this file does not cite them itself.
  const outside = new RegExp(`\\b(${["SP", "EC"].join("")}|${["DES", "IGN"].join("")})\\.md\\b`);

  it("no tracked file cites the product spec or design documents kept outside the repository", () => {
    const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.(ts|tsx|md|cjs|json|sh|yml)$/.test(f) || f === ".ci/run");
    const offenders = files.filter((file) => {
      try {
        return outside.test(readFileSync(file, "utf8"));
      } catch {
        return false;
      }
    });
    expect(offenders).toEqual([]);
  });

  it("README.md and docs/*.md cite no issue numbers: the tracker is not in the repository, so they say what they mean", () => {
    const docs = [
      "README.md",
      ...readdirSync("docs").flatMap((f) => (f.endsWith(".md") ? [`docs/${f}`] : [])),
    ];
    // An issue with its number, with or without "#", or a bare "(#12)"; not another project's
    // "owner/repo#123", a key such as "BID#0000000042" or a heading anchor "(#7-tests)".
    const citation = /\bissues?\s+#?\d+|(?<![\w/.-])#\d+(?![\w-])/gi;
    expect(citationsIn(docs, citation)).toEqual([]);
  });

  it("the code's comments cite no issue numbers either: they say what the tracker's text meant", () => {
    const code = execFileSync(
      "git",
      ["ls-files", "functions", "web", "shared", "scripts", "infra", "tests"],
      {
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((f) => /\.(ts|tsx|cjs)$/.test(f));
    // Colours ("#1f2937") and keys ("BID#42") are code, so only the word and its number count here.
    expect(citationsIn(code, /\bissues?\s+#?\d+/gi)).toEqual([]);
  });

  it("the docs the code cites exist, with the sections it cites", () => {
    const product = readFileSync("docs/product.md", "utf8");
    const architecture = readFileSync("docs/architecture.md", "utf8");
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(product).toContain(`## ${n}. `);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(architecture).toContain(`## ${n}. `);
  });
});

/** Every match of `citation` in these files, as "file:line: match". */
function citationsIn(files: string[], citation: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => [...line.matchAll(citation)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
  );
}
