import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { buildWeb } from "../../../scripts/check-budgets.ts";
import { servePreview } from "../../../scripts/local/preview.ts";
import { apiUrl } from "./browser.ts";

export interface ProductionPreview {
  /** The build's folder (a test may change a file of it, as a deploy would). */
  readonly outDir: string;
  /** The preview's origin, e.g. http://127.0.0.1:4173. */
  readonly origin: string;
  /** An absolute URL of `path` on the preview. */
  url(path: string): string;
}

/**
 * The production build served by `vite preview` in front of the e2e stack's API, for the file's tests:
 * built in beforeAll into a fresh temporary folder, stopped and removed in afterAll.
 */
export function useProductionPreview(prefix: string): ProductionPreview {
  let outDir = "";
  let preview: Awaited<ReturnType<typeof servePreview>> | undefined;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), prefix));
    buildWeb(outDir);
    preview = await servePreview(outDir, Number(new URL(apiUrl()).port), {
      originSecret: inject("originSecret"),
    });
  });
  afterAll(async () => {
    await preview?.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  const started = () => {
    if (!preview) throw new Error("useProductionPreview(): the preview starts in beforeAll");
    return preview;
  };
  return {
    get outDir() {
      return outDir;
    },
    get origin() {
      return new URL(started().url).origin;
    },
    url: (path) => new URL(path, started().url).href,
  };
}
