import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (scripts/local/ is two levels below it). */
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export const handlersDir = join(repoRoot, "functions", "handlers");

/** Git-ignored home of the on-disk DynamoDB Local database of `npm run dev`. */
export const defaultDynamoDataDir = join(repoRoot, ".data", "dynamodb");

/** Git-ignored home of the photos uploaded to the local stack (the media bucket's stand-in). */
export const defaultMediaDir = join(repoRoot, ".data", "media");

/** Vite's command line and the web's config, for the dev server, `vite build` and `vite preview`. */
export const viteBin = join(repoRoot, "node_modules", "vite", "bin", "vite.js");
export const webViteConfig = join(repoRoot, "web", "vite.config.ts");
