import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IConfiguration } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The fences of .dependency-cruiser.cjs (`npm run check:imports`) fail on what they forbid: each rule is
 * run against a small tree with one planted violation beside imports it must let through. A rule whose
 * pattern stopped matching the layout would pass the real tree silently; this catches it.
 */
const config = createRequire(import.meta.url)("../../../.dependency-cruiser.cjs") as IConfiguration;
const tree = mkdtempSync(join(tmpdir(), "penny-fences-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

let case_ = 0;
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = join(tree, String(case_++));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  // The project's tsconfig does not describe the planted tree; relative imports need none.
  const { tsConfig: _projectOnly, ...options } = config.options ?? {};
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(
      ["functions", "web", "shared"].filter((dir) => hasFiles(files, dir)),
      {
        ...options,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
      },
    );
    if (typeof result.output === "string") throw new Error("expected a cruise result, got a report");
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

const hasFiles = (files: Record<string, string>, dir: string) =>
  Object.keys(files).some((path) => path.startsWith(`${dir}/`));
const importing = (...paths: string[]) => `${paths.map((p) => `import "${p}";`).join("\n")}\nexport {};\n`;
const leaf = "export const x = 1;\n";

describe("the import fences", () => {
  for (const { title, files, refused } of [
    {
      title: "keep functions/domain pure: it may import domain, never adapters, http, usecases or handlers",
      files: {
        "functions/domain/rules.ts": importing(
          "./errors.ts",
          "../adapters/dynamo/repo.ts",
          "../http/route.ts",
        ),
        "functions/domain/errors.ts": leaf,
        "functions/adapters/dynamo/repo.ts": importing("../../domain/errors.ts"),
        "functions/http/route.ts": leaf,
      },
      refused: [
        "domain-is-pure: functions/domain/rules.ts -> functions/adapters/dynamo/repo.ts",
        "domain-is-pure: functions/domain/rules.ts -> functions/http/route.ts",
      ],
    },
    {
      title: "keep adapters below http and use cases, and use cases below http and handlers",
      files: {
        "functions/adapters/repo.ts": importing("../usecases/bidding/bid.ts"),
        "functions/usecases/bidding/bid.ts": importing(
          "../../http/errors.ts",
          "../../handlers/auctions/place-bid.ts",
        ),
        "functions/http/errors.ts": leaf,
        "functions/handlers/auctions/place-bid.ts": leaf,
      },
      refused: [
        "adapters-below-http: functions/adapters/repo.ts -> functions/usecases/bidding/bid.ts",
        "usecases-below-http: functions/usecases/bidding/bid.ts -> functions/handlers/auctions/place-bid.ts",
        "usecases-below-http: functions/usecases/bidding/bid.ts -> functions/http/errors.ts",
      ],
    },
    {
      title:
        "keep each use case in its feature's folder: a loose file at the top of functions/usecases is refused",
      files: {
        "functions/handlers/auctions/place-bid.ts": importing(
          "../../usecases/bidding/bid.ts",
          "../../usecases/loose.ts",
        ),
        "functions/usecases/bidding/bid.ts": importing("../orders/orders.ts"),
        "functions/usecases/orders/orders.ts": leaf,
        "functions/usecases/loose.ts": leaf,
      },
      refused: [
        "usecases-in-feature-folders: functions/handlers/auctions/place-bid.ts -> functions/usecases/loose.ts",
      ],
    },
    {
      title: "keep bidding below the agent engine: the engine may import bidding, never the reverse",
      files: {
        "functions/usecases/bidding/bid.ts": importing("../agents/engine.ts"),
        "functions/usecases/agents/engine.ts": importing("../bidding/place.ts"),
        "functions/usecases/bidding/place.ts": leaf,
      },
      refused: [
        "bidding-below-agents: functions/usecases/bidding/bid.ts -> functions/usecases/agents/engine.ts",
      ],
    },
    {
      title: "keep web features apart, and components/ and lib/ below them",
      files: {
        "web/src/features/admin/page.ts": importing(
          "./parts/table.ts",
          "../seller/form.ts",
          "../../components/dialog.ts",
        ),
        "web/src/features/admin/parts/table.ts": leaf,
        "web/src/features/seller/form.ts": leaf,
        "web/src/components/dialog.ts": importing("../lib/format.ts", "../features/seller/form.ts"),
        "web/src/lib/format.ts": leaf,
        "web/src/app/router.ts": importing("../features/admin/page.ts", "../features/seller/form.ts"),
      },
      refused: [
        "features-apart: web/src/features/admin/page.ts -> web/src/features/seller/form.ts",
        "shared-web-below-features: web/src/components/dialog.ts -> web/src/features/seller/form.ts",
      ],
    },
  ]) {
    it(title, async () => {
      expect((await violationsOf(files)).sort()).toEqual(refused);
    });
  }

  it("refuse an import cycle", async () => {
    const found = await violationsOf({
      "functions/usecases/bidding/a.ts": importing("./b.ts"),
      "functions/usecases/bidding/b.ts": importing("./a.ts"),
    });
    // A cycle is reported once, from whichever of its modules the cruise met first.
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-circular: functions\/usecases\/bidding\/(a\.ts -> .*b|b\.ts -> .*a)\.ts$/);
  });

  it("let only shared/schemas/zod.ts import zod at run time (types may come from anywhere)", async () => {
    const found = await violationsOf({
      "node_modules/zod/package.json": JSON.stringify({ name: "zod", main: "index.js", types: "index.d.ts" }),
      "node_modules/zod/index.js": "export const object = () => ({});\n",
      "node_modules/zod/index.d.ts":
        "export declare const object: () => object;\nexport type ZodType = object;\n",
      "shared/schemas/zod.ts": 'export * from "zod";\n',
      "shared/schemas/auth.ts": importing("./zod.ts"),
      "functions/http/route.ts": 'import type { ZodType } from "zod";\nexport type S = ZodType;\n',
      "functions/handlers/agents/run-agents.ts": importing("zod"),
    });
    expect(found).toEqual([
      "zod-through-shared-schemas-zod: functions/handlers/agents/run-agents.ts -> node_modules/zod/index.js",
    ]);
  });

  it("let only the email sender reach SES", async () => {
    const found = await violationsOf({
      "functions/adapters/email/ses-sender.ts": leaf,
      "functions/handlers/alerts/send-alerts.ts": importing("../../adapters/email/ses-sender.ts"),
      "functions/handlers/auth/register.ts": importing("../../adapters/email/ses-sender.ts"),
    });
    expect(found).toEqual([
      "ses-only-in-the-email-sender: functions/handlers/auth/register.ts -> functions/adapters/email/ses-sender.ts",
    ]);
  });
});
