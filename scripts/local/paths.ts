import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (scripts/local/ is two levels below it). */
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export const handlersDir = join(repoRoot, "functions", "handlers");

/** Git-ignored home of the on-disk DynamoDB Local database of `npm run dev`. */
export const defaultDynamoDataDir = join(repoRoot, ".data", "dynamodb");

/** Git-ignored home of the photos uploaded to the local stack (the media bucket's stand-in). */
export const defaultMediaDir = join(repoRoot, ".data", "media");
