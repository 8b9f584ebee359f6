import { describe, expect, it } from "vitest";
import {
  BUNDLE_BUDGETS,
  measureBundles,
  overBudget,
  replaceSection,
} from "../../scripts/check-bundle-sizes.ts";

describe("Lambda bundle sizes", () => {
  it("the bid function's minified bundle, the AWS SDK in it, stays under 600 KB", () => {
    expect(BUNDLE_BUDGETS["auctions/place-bid"]).toBe(600 * 1024);
    const { sizes } = measureBundles(["auctions/place-bid"]);
    const [bid] = sizes;
    expect(bid!.bytes).toBeGreaterThan(0);
    expect(bid!.bytes).toBeLessThanOrEqual(600 * 1024);
    // The SDK ships inside the bundle: the version the tests ran is the one Lambda runs.
    expect(bid!.sdkBytes).toBeGreaterThan(200 * 1024);
    expect(bid!.bytes - bid!.sdkBytes).toBeLessThan(200 * 1024);
    expect(overBudget(sizes)).toEqual([]);
  });

  it("a function over its budget is reported", () => {
    const size = {
      handlerId: "a/b",
      bytes: 11,
      gzipBytes: 5,
      mapBytes: 1,
      sdkBytes: 0,
      heaviest: [],
      budget: 10,
    };
    expect(overBudget([size, { ...size, handlerId: "c/d", bytes: 10 }])).toEqual([size]);
  });

  it("rewrites only its own section of docs/benchmarks.md", () => {
    const doc = "# Benchmarks\n\n## A\na\n\n## Lambda bundle sizes\nold\n\n## B\nb\n";
    expect(replaceSection(doc, "## Lambda bundle sizes\nnew\n\n")).toBe(
      "# Benchmarks\n\n## A\na\n\n## Lambda bundle sizes\nnew\n\n## B\nb\n",
    );
    expect(replaceSection("# Benchmarks\n\n## A\na\n", "## Lambda bundle sizes\nnew\n")).toBe(
      "# Benchmarks\n\n## A\na\n\n## Lambda bundle sizes\nnew\n",
    );
  });
});
