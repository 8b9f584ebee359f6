/**
 * `npm run dev`: the whole product on this machine, no AWS account, no Docker (docs/architecture.md section 2).
 *
 *   npm run dev                 data on disk under .data/dynamodb/ (survives restarts)
 *   npm run dev -- --in-memory  a throwaway database (or DEV_IN_MEMORY=1)
 *
 * Ports: DYNAMO_PORT (8000), GATEWAY_PORT (3001), WEB_PORT (5173). Stripe is used when
 * STRIPE_SECRET_KEY is set; otherwise the local payment provider. Ctrl-C stops everything,
 * Java and Vite included.
 */
import { stopOnSignals } from "./local/process.ts";
import { type LocalStack, startLocalStack } from "./local/stack.ts";

const args = new Set(process.argv.slice(2));
if (args.has("--help") || args.has("-h")) {
  console.log(
    "Usage: npm run dev [-- --in-memory] [--quiet]\n  env: DYNAMO_PORT GATEWAY_PORT WEB_PORT DEV_IN_MEMORY=1",
  );
  process.exit(0);
}
const inMemory = args.has("--in-memory") || process.env.DEV_IN_MEMORY === "1";

let stack: LocalStack | null = null;
let stopRequested = false;
stopOnSignals(async () => {
  stopRequested = true;
  await stack?.stop();
});

try {
  stack = await startLocalStack({ inMemory, logRequests: !args.has("--quiet") });
} catch (error) {
  console.error(`\n[dev] could not start the local stack: ${(error as Error).message}`);
  process.exit(1);
}
if (stopRequested) await stack.stop();

const admin = stack.seeded?.admin;
const buyer = stack.seeded?.buyer;
const lines = [
  "",
  `  Penny auction is running: ${stack.webUrl}`,
  "",
  `  API gateway   ${stack.apiUrl}  (/api, /ws, /@connections, /@schedules)`,
  `  DynamoDB      ${stack.dynamoEndpoint}  table ${stack.tableName}, ${inMemory ? "in memory (throwaway)" : "on disk in .data/dynamodb/"}`,
  `  Live updates  ${stack.events ? `AppSync Events stand-in ${stack.events.httpEndpoint}, ${stack.events.realtimeEndpoint} (LIVE=websocket for /ws)` : "the WebSocket API (/ws)"}`,
  `  Payments      ${stack.env.PAYMENT_PROVIDER === "stripe" ? "Stripe" : "local provider (card 4242 4242 4242 4242 succeeds)"}`,
];
if (admin) {
  const fromEnv = process.env.SEED_ADMIN_PASSWORD
    ? " (from SEED_ADMIN_PASSWORD)"
    : " (default; set SEED_ADMIN_PASSWORD)";
  lines.push(`  Admin         ${admin.username} / ${admin.password}${fromEnv}`);
} else {
  lines.push("  Admin         (scripts/seed.ts not found: nothing seeded)");
}
if (buyer) lines.push(`  Demo buyer    ${buyer.username} / ${buyer.password}`);
lines.push("", "  Press Ctrl-C to stop.", "");
console.log(lines.join("\n"));
