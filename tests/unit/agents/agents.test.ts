import { describe, expect, it } from "vitest";
import {
  type AgentAuctionView,
  type AgentState,
  agentCheckAt,
  agentRefusal,
  agentsToFinish,
  bookingDelta,
  pickAgent,
  windowState,
} from "../../../functions/domain/agents.ts";

const NOW = Date.parse("2030-01-01T12:00:00.000Z");

function agent(userId: string, overrides: Partial<AgentState> = {}): AgentState & { userId: string } {
  return {
    userId,
    bidsLeft: 5,
    maxPriceCents: null,
    status: "active",
    lastActiveAt: NOW - 60_000,
    ...overrides,
  };
}
const live: AgentAuctionView = { active: true, endsAt: NOW + 5_000, priceCents: 100, bidIncrementCents: 1 };

describe("when the engine looks", () => {
  it("aims at 5 s left of a 10 s extension (the middle of the 8-2 s window), never before now", () => {
    expect(agentCheckAt(NOW + 60_000, NOW, 10)).toBe(NOW + 55_000);
    expect(agentCheckAt(NOW + 3_000, NOW, 10)).toBe(NOW);
    expect(agentCheckAt(NOW + 60_000, NOW, 2)).toBe(NOW + 59_000);
  });

  it("waits before the window, bids inside it, never at or after the end", () => {
    expect(windowState(NOW + 8_001, NOW, 10)).toBe("early");
    expect(windowState(NOW + 8_000, NOW, 10)).toBe("open");
    expect(windowState(NOW + 1, NOW, 10)).toBe("open");
    expect(windowState(NOW, NOW, 10)).toBe("over");
    expect(windowState(NOW - 1, NOW, 10)).toBe("over");
    expect(windowState(NOW + 1_601, NOW, 2)).toBe("early");
  });
});

describe("who the engine picks", () => {
  it("never bids for the leader, above the ceiling, without credits, or once stopped or ended", () => {
    expect(agentRefusal(agent("a"), { ...live, lastBidderId: "a" })).toBe("leading");
    expect(agentRefusal(agent("a", { maxPriceCents: 100 }), live)).toBe("max-price");
    expect(agentRefusal(agent("a", { maxPriceCents: 101 }), live)).toBeNull();
    expect(agentRefusal(agent("a", { bidsLeft: 0 }), live)).toBe("bids-spent");
    expect(agentRefusal(agent("a"), { ...live, active: false })).toBe("auction-ended");
    expect(agentRefusal(agent("a", { status: "cancelled" }), live)).toBe("inactive");
  });

  it("picks the agent whose last bid is oldest", () => {
    const agents = [
      agent("a", { lastActiveAt: NOW - 10 }),
      agent("b", { lastActiveAt: NOW - 30 }),
      agent("c"),
    ];
    expect(pickAgent(agents, live, () => 0)?.userId).toBe("c");
    expect(pickAgent(agents.slice(0, 2), live, () => 0)?.userId).toBe("b");
  });

  it("skips the leader even when its agent is the oldest", () => {
    const agents = [agent("a", { lastActiveAt: NOW - 99_000 }), agent("b")];
    expect(pickAgent(agents, { ...live, lastBidderId: "a" }, () => 0)?.userId).toBe("b");
  });

  it("breaks ties at random, over every tied agent", () => {
    const agents = [agent("a"), agent("b"), agent("c")];
    expect(pickAgent(agents, live, () => 0)?.userId).toBe("a");
    expect(pickAgent(agents, live, () => 0.5)?.userId).toBe("b");
    expect(pickAgent(agents, live, () => 0.9999)?.userId).toBe("c");
  });

  it("picks no one when no agent may bid", () => {
    expect(pickAgent([agent("a")], { ...live, lastBidderId: "a" }, () => 0)).toBeNull();
    expect(pickAgent([], live, () => 0)).toBeNull();
  });
});

describe("when an agent stops", () => {
  it("finishes spent agents and those priced out, leaves the leader and the others running", () => {
    const stops = agentsToFinish(
      [
        agent("spent", { bidsLeft: 0 }),
        agent("capped", { maxPriceCents: 100 }),
        agent("leader"),
        agent("ok"),
      ],
      { ...live, lastBidderId: "leader" },
    );
    expect(stops.map((s) => [s.agent.userId, s.reason])).toEqual([
      ["spent", "bids-spent"],
      ["capped", "max-price"],
    ]);
  });
});

describe("booking", () => {
  it("books the difference on a second booking and gives back on a smaller one", () => {
    expect(bookingDelta(null, 10)).toBe(10);
    expect(bookingDelta({ bidsLeft: 4, status: "active" }, 10)).toBe(6);
    expect(bookingDelta({ bidsLeft: 4, status: "active" }, 1)).toBe(-3);
    expect(bookingDelta({ bidsLeft: 4, status: "finished" }, 3)).toBe(3);
  });
});
