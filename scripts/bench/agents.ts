/**
 * npm run bench:agents [-- --auctions 6 --extension 4]
 *
 * The Bid Agent engine against DynamoDB Local with the local agent queue: several auctions, each with
 * two agents fighting from the first check to the end. Reports what ONE agent check that bids costs in
 * DynamoDB calls and items written, and how long before the end (as it stood before the bid) each agent
 * bid landed: the window is 80 % to 20 % of the extension, aimed at 50 %.
 */
import { parseArgs } from "node:util";
import { countDynamoCalls, percentile, startBenchTable } from "./support.ts";

const { values } = parseArgs({
  options: { auctions: { type: "string", default: "6" }, extension: { type: "string", default: "4" } },
});
const AUCTIONS = Number(values.auctions);
const EXTENSION = Number(values.extension);

const dynamoLocal = await startBenchTable(`bench-agents-${Date.now()}`);
try {
  const dynamo = await countDynamoCalls();
  const { installAgentQueue } = await import("../../functions/adapters/agents/queue-from-env.ts");
  const { createLocalAgentQueue } = await import("../local/agent-queue.ts");
  const { bookAgent } = await import("../../functions/usecases/agents/bid-agents.ts");
  const { benchAuction } = await import("./auctions.ts");
  const { listBids } = await import("../../functions/adapters/dynamo/bids-repo.ts");
  const { createUser } = await import("../../functions/adapters/dynamo/users-repo.ts");
  const { runAgentCheck } = await import("../../functions/usecases/agents/run-agents.ts");

  const queue = createLocalAgentQueue({ log: () => {} });
  installAgentQueue(queue);

  const seller = await createUser({
    emailVerified: true,
    username: "bench_seller",
    email: "s@example.com",
    passwordHash: "x",
    role: "seller",
    now: Date.now(),
  });
  /** A new buyer with 20 credits whose agent on `auctionId` may place `bids` bids. */
  const bookBenchAgent = async (auctionId: string, username: string, bids: number) => {
    const user = await createUser({
      emailVerified: true,
      username,
      email: `${username}@example.com`,
      passwordHash: "x",
      role: "buyer",
      bidBalance: 20,
      now: Date.now(),
    });
    await bookAgent({
      auctionId,
      user: { id: user.id, username },
      bids,
      maxPriceCents: null,
      now: Date.now(),
    });
  };
  const auctionIds: string[] = [];
  for (let i = 0; i < AUCTIONS; i++) {
    const auction = await benchAuction(
      seller,
      {
        name: `Bench coin ${i}`,
        description: "A bench coin.",
      },
      { durationSeconds: EXTENSION, extensionSeconds: EXTENSION },
    );
    auctionIds.push(auction.id);
    for (const [n, bids] of [
      [1, 5],
      [2, 4],
    ] as const) {
      await bookBenchAgent(auction.id, `bench_${i}_${n}`, bids);
    }
  }
  await queue.idle();

  // How late each agent bid landed: the end as it stood before it, minus the bid's time.
  const lateness: number[] = [];
  let agentBids = 0;
  for (const id of auctionIds) {
    const bids = await listBids(id);
    // The auction started with duration = extension, so before bid 1 the end was createdAt + extension.
    const { getAuction } = await import("../../functions/adapters/dynamo/auctions-repo.ts");
    let endBefore = Date.parse((await getAuction(id))!.createdAt) + EXTENSION * 1000;
    for (const bid of bids) {
      const at = Date.parse(bid.createdAt);
      if (bid.auto) {
        lateness.push((endBefore - at) / 1000);
        agentBids++;
      }
      endBefore = Math.max(endBefore, at + EXTENSION * 1000);
    }
  }

  // The cost of one check that bids, measured on a fresh pair of agents.
  const auction = await benchAuction(
    seller,
    {
      name: "Cost coin",
      description: "A bench coin.",
    },
    { durationSeconds: 2, extensionSeconds: 10 },
  );
  installAgentQueue({ async scheduleCheck() {} });
  for (const n of [1, 2]) {
    await bookBenchAgent(auction.id, `cost_${n}`, 5);
  }
  const counts = new Map<string, number>();
  let items = 0;
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context.commandName ?? "?").replace("Command", "");
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const input = args.input as { TransactItems?: unknown[] };
      if (input.TransactItems) items += input.TransactItems.length;
      return next(args);
    },
    { step: "initialize", name: "oneCheck" },
  );
  const outcome = await runAgentCheck({ auctionId: auction.id, seenTotalBids: 0 }, Date.now());
  dynamo.middlewareStack.remove("oneCheck");

  console.log(
    `Bid Agent engine, ${AUCTIONS} auctions x 2 agents, extension ${EXTENSION} s (window ${EXTENSION * 0.8}-${EXTENSION * 0.2} s before the end):`,
  );
  console.log(`  agent bids placed: ${agentBids}`);
  console.log(
    `  seconds before the end when an agent bid landed: p50 ${percentile(lateness, 50).toFixed(2)}, p95-late ${percentile(lateness, 5).toFixed(2)}, min ${Math.min(...lateness).toFixed(2)}, max ${Math.max(...lateness).toFixed(2)}`,
  );
  console.log(
    `  one check that bids (${outcome}): ${[...counts.entries()].map(([n, c]) => `${n}x${c}`).join(", ")}; transaction items written: ${items}`,
  );
  await queue.stop();
} finally {
  await dynamoLocal.stop();
}
