import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { useSelfExclusion } from "@web/lib/spending-limits.ts";
import { toast } from "@web/lib/toast.ts";
import { Bot } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatPrice } from "#shared/money";
import { plural } from "#shared/plural";
import type { AgentStopReason, AgentView } from "#shared/schemas/agents";
import { useBookAgent, useCancelAgent } from "../api/bid-agent.ts";
import { auctionQueries } from "../api/queries.ts";
import { PanelHeader } from "./panel-header.tsx";

const STOP_REASONS: Record<AgentStopReason, string> = {
  "bids-spent": "it used all its bids",
  "max-price": "the price reached your maximum",
  "auction-ended": "the auction ended",
  cancelled: "you cancelled it",
  "user-refused": "your account can no longer bid here",
  "locked-out": "the auction locked before you bid on it, so only earlier bidders can go on",
};

function AgentStatus({
  agent,
  onCancel,
  cancelling,
}: {
  agent: AgentView;
  onCancel: () => void;
  cancelling: boolean;
}) {
  if (agent.status === "active") {
    return (
      <div className="grid gap-3" data-testid="agent-active">
        <p className="text-sm">
          Your Bid Agent is on: <strong data-testid="agent-bids-left">{agent.bidsLeft}</strong> of{" "}
          {plural(agent.bidsBooked, "bid")} left
          {agent.maxPrice ? `, up to ${formatPrice(agent.maxPrice)}` : ""}.{" "}
          {agent.bidsPlaced > 0 && <span>It has placed {agent.bidsPlaced}.</span>}
        </p>
        <Button variant="outline" onClick={onCancel} disabled={cancelling}>
          Cancel Bid Agent
        </Button>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="agent-stopped">
      Your Bid Agent stopped: {agent.stopReason ? STOP_REASONS[agent.stopReason] : "it is no longer active"}.
      It placed {plural(agent.bidsPlaced, "bid")}
      {agent.returned > 0 ? ` and returned ${plural(agent.returned, "unused credit")}` : ""}.
    </p>
  );
}

/**
 * The Bid Agent on the auction page: book credits (and an optional ceiling) for it to bid with in the
 * last seconds, by the published rule on How It Works; see what it has left; cancel it.
 */
export function BidAgentPanel({ auctionId, canBid }: { auctionId: string; canBid: boolean }) {
  const excluded = useSelfExclusion();
  const { data: agent } = useQuery(auctionQueries.agent(auctionId));
  const book = useBookAgent(auctionId);
  const cancel = useCancelAgent(auctionId);
  const [bids, setBids] = useState("10");
  const [maxPrice, setMaxPrice] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    book.mutate(
      { bids: Number(bids), ...(maxPrice.trim() ? { maxPrice: maxPrice.trim() } : {}) },
      {
        onSuccess: (booked) =>
          toast({
            variant: "success",
            title: "Bid Agent on",
            description: `${plural(booked.bidsLeft, "bid")} booked for this auction.`,
          }),
      },
    );
  };
  const stop = () =>
    cancel.mutate(undefined, {
      onSuccess: ({ returned }) =>
        toast({
          title: "Bid Agent cancelled",
          description: `${plural(returned, "unused credit")} returned.`,
        }),
    });

  const active = agent?.status === "active";
  // An ended auction with no agent of the user's has nothing to show: no card at all.
  if (!canBid && !agent) return null;
  return (
    <Card data-testid="bid-agent">
      <PanelHeader icon={Bot}>Bid Agent</PanelHeader>
      <CardContent className="grid gap-4">
        {agent && <AgentStatus agent={agent} onCancel={stop} cancelling={cancel.isPending} />}
        {canBid && !active && (
          <form className="grid gap-3" onSubmit={submit} aria-label="Start a Bid Agent">
            <p className="text-sm text-muted-foreground">
              Book bids and the agent bids for you when 8 to 2 seconds are left, never while you lead. Unused
              bids come back when it stops.
            </p>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="agent-bids">Bids to book</Label>
                <Input
                  id="agent-bids"
                  type="number"
                  min={1}
                  max={500}
                  step={1}
                  required
                  value={bids}
                  onChange={(e) => setBids(e.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="agent-max">Max price (optional)</Label>
                <Input
                  id="agent-max"
                  inputMode="decimal"
                  placeholder="e.g. 25.00"
                  value={maxPrice}
                  onChange={(e) => setMaxPrice(e.target.value)}
                />
              </div>
            </div>
            <Button
              type="submit"
              disabled={book.isPending || excluded !== null}
              aria-describedby={excluded ? "agent-paused" : undefined}
            >
              Start Bid Agent
            </Button>
            {excluded && (
              <p id="agent-paused" className="text-center text-sm text-muted-foreground">
                {excluded}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
