/**
 * The server side of `npm run lighthouse` (scripts/lighthouse.ts), in a process of its own, which that
 * script starts at the lowest CPU priority (scripts/local/priority.ts): the seeded local stack in memory
 * (DynamoDB Local, the gateway and handlers, the stream pollers) and `vite preview` of the build in
 * `argv[2]`. Prints one line, `audited site: <url>`, once the site answers; stops on SIGTERM / SIGINT.
 *
 *   tsx scripts/local/audit-server.ts <built web directory>
 */
import { PREVIEW_READY_PREFIX, servePreview } from "./preview.ts";
import { stopOnSignals } from "./process.ts";
import { startQuietLocalStack } from "./stack.ts";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: audit-server.ts <built web directory>");

const stack = await startQuietLocalStack("lighthouse");
let preview: Awaited<ReturnType<typeof servePreview>> | undefined;
const stop = async () => {
  await preview?.stop();
  await stack.stop();
};
stopOnSignals(stop, () => {});
try {
  preview = await servePreview(outDir, Number(new URL(stack.apiUrl).port));
} catch (error) {
  await stop();
  throw error;
}
process.stdout.write(`${PREVIEW_READY_PREFIX}${preview.url}\n`);
