import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { LedgerWalk } from "#shared/ledger-pages";
import { checkAuctionLedger, type LedgerProgress } from "../lib/ledger-check.ts";

type State =
  | { stage: "checking"; progress: LedgerProgress | null }
  | { stage: "done"; result: LedgerWalk }
  | { stage: "failed"; message: string };

/**
 * An auction's public bid ledger, verified in the browser: every page is fetched and recomputed in
 * turn, each chained from the one before, until the page that reaches the published head. A long
 * chain shows how far the check has come.
 */
export function LedgerPage() {
  useDocumentTitle("Bid ledger");
  const { id = "" } = useParams();
  const [state, setState] = useState<State>({ stage: "checking", progress: null });

  useEffect(() => {
    const stop = new AbortController();
    setState({ stage: "checking", progress: null });
    checkAuctionLedger(id, {
      signal: stop.signal,
      onProgress: (progress) => {
        if (!stop.signal.aborted) setState({ stage: "checking", progress });
      },
    }).then(
      (result) => {
        if (!stop.signal.aborted) setState({ stage: "done", result });
      },
      (error: unknown) => {
        if (!stop.signal.aborted) {
          setState({
            stage: "failed",
            message: getServerMessage(error, "the site did not answer. Try again."),
          });
        }
      },
    );
    return () => stop.abort();
  }, [id]);

  const raw = `/api/auctions/${encodeURIComponent(id)}/ledger`;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Bid ledger</h1>
        <p className="text-muted-foreground">
          Auction{" "}
          <Link to={paths.auction.getHref(id)} className="underline">
            #{id.slice(0, 8)}
          </Link>
          : every bid, SHA-256 chained to the one before (
          <Link to={paths.fairness.getHref()} className="underline">
            how
          </Link>
          ), recomputed here in your browser.
        </p>
      </header>
      <Card>
        <CardContent className="grid gap-3 pt-6" aria-live="polite" data-testid="ledger-check">
          <LedgerStatus state={state} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        The published pages:{" "}
        <a href={raw} className="underline">
          {raw}
        </a>{" "}
        (<code>?from=</code> and <code>?limit=</code> page through it). From a terminal:{" "}
        <code>npm run verify:ledger -- {id}</code>, which prints a checkpoint to resume from later.
      </p>
    </div>
  );
}

function LedgerStatus({ state }: { state: State }) {
  if (state.stage === "checking") {
    const { progress } = state;
    return (
      <>
        <p className="font-medium" data-testid="ledger-progress">
          {progress ? `Checking… ${progress.checked} of ${progress.totalEntries} bids verified` : "Checking…"}
        </p>
        {progress && progress.totalEntries > 0 && (
          <progress
            className="w-full"
            aria-label="Bids verified"
            max={progress.totalEntries}
            value={progress.checked}
          />
        )}
      </>
    );
  }
  if (state.stage === "failed") {
    return (
      <p className="font-medium text-destructive" data-testid="ledger-result">
        Could not read the ledger: {state.message}
      </p>
    );
  }
  const { result } = state;
  if (!result.ok) {
    return (
      <p className="font-medium text-destructive" data-testid="ledger-result">
        Broken{result.brokenAt === null ? "" : ` at bid ${result.brokenAt}`}: {result.reason}
      </p>
    );
  }
  return (
    <>
      <p className="font-medium text-success" data-testid="ledger-result">
        Verified: all {result.entries} bids chain from the auction's start to its head.
      </p>
      <p className="break-all text-sm text-muted-foreground">
        Head <code data-testid="ledger-head">{result.head}</code>
      </p>
    </>
  );
}
