import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Stored items and provider answers are read through schemas (functions/adapters/dynamo/item-schema.ts)
// or narrowed by type guards, never asserted into shape: no file of functions/adapters casts.
const ROOT = join(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Lines asserting a type with `as`, leaving out comments, renamed imports/exports, `as const` and `as Error`. */
function castLines(source: string): string[] {
  return source.split("\n").filter((line) => {
    const code = line
      .replace(/\/\/.*$/, "")
      .replace(/^\s*\*.*$/, "")
      .replace(/\/\*.*?\*\//g, "");
    if (/^\s*(import|export)\b.*\bas\b/.test(code)) return false;
    return [...code.matchAll(/\bas\s+([A-Za-z_{[(][\w.<>[\]|, ]*)/g)].some(
      ([, type]) => !/^(const|Error)\b/.test(type ?? ""),
    );
  });
}

describe("no field casts in functions/adapters", () => {
  it("finds a cast, and leaves a const or error assertion alone", () => {
    expect(castLines("const id = item.id as string;")).toHaveLength(1);
    expect(castLines("const kinds = ['a'] as const;\nthrow error as Error;\n// read as text")).toEqual([]);
  });

  const files = sourceFiles(join(ROOT, "functions/adapters")).map((path) => relative(ROOT, path));

  it("reads every file of the adapters", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files)("%s reads without casting", (file) => {
    expect(castLines(readFileSync(join(ROOT, file), "utf8"))).toEqual([]);
  });
});
