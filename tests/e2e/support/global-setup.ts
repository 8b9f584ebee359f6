/**
 * Starts the whole local stack once for the e2e run: DynamoDB Local in memory, gateway, seed, stream
 * poller and Vite, all on free ports. Tests read the URLs with inject("webUrl") / inject("apiUrl")
 * (or the helpers in ./stack.ts).
 */
import type { TestProject } from "vitest/node";
import { startLocalStack } from "../../../scripts/local/stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    seededAdmin: { username: string; password: string } | null;
    seededBuyer: { username: string; password: string } | null;
    /** What the site's proxy sends the API (a second proxy, e.g. `vite preview`, must send it too). */
    originSecret: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, gateway: 0, web: 0 },
    withVite: true,
    env: { POWERTOOLS_LOG_LEVEL: "WARN" },
    log: (message) => {
      if (process.env.E2E_VERBOSE) console.log(message);
    },
  });
  // The page and the API share one origin; 127.0.0.1 avoids any localhost -> ::1 detour.
  project.provide("webUrl", stack.webUrl.replace("//localhost:", "//127.0.0.1:"));
  project.provide("apiUrl", stack.apiUrl);
  project.provide("seededAdmin", stack.seeded?.admin ?? null);
  project.provide("seededBuyer", stack.seeded?.buyer ?? null);
  project.provide("originSecret", process.env.ORIGIN_SECRET ?? "");
  return async () => {
    await stack.stop();
  };
}
