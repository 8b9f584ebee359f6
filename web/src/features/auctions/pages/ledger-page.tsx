import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { LedgerWalk } from "#shared/ledger-pages";
import { plural } from "#shared/plural";
import type { LedgerPage as PublishedPage } from "#shared/schemas/ledger";
import { auctionQueries } from "../api/queries.ts";
import { EconomicsLine } from "../components/economics-line.tsx";
import { MemberBadge } from "../components/member-badge.tsx";
import { checkAuctionLedger, type LedgerProgress } from "../lib/ledger-check.ts";

type Entry = PublishedPage["entries"][number];

type State =
  | { stage: "checking"; progress: LedgerProgress | null }
  | { stage: "done"; result: LedgerWalk }
  | { stage: "failed"; message: string };

/** Rows drawn at first and per "Show more": a long chain's table stays light on a phone. */
const ROWS_PER_STEP = 100;

/**
 * An auction's public bid ledger, verified in the browser: every page is fetched and recomputed in
 * turn, each chained from the one before, until the page that reaches the published head. A long
 * chain shows how far the check has come; the bids read so far are listed, the one where a chain
 * breaks marked.
 */
export function LedgerPage() {
  const { id = "" } = useParams();
  // The heading and the tab name the product, as the auction page does, once its name is known.
  const detail = useQuery(auctionQueries.detail(id)).data;
  const product = detail?.product.name;
  const title = product ? `Bid ledger: ${product}` : "Bid ledger";
  useDocumentTitle(title);
  const [progress, setProgress] = useState<{ id: string; read: Entry[]; counts: LedgerProgress | null }>({
    id,
    read: [],
    counts: null,
  });
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const check = useQuery({
    // Not under auctionQueries: its key must not share their "/api/auctions" prefix, which the live
    // path invalidates; re-running this check walks the whole chain again.
    queryKey: ["ledger-check", `/api/auctions/${id}/ledger`],
    queryFn: async ({ signal }) => {
      const read: Entry[] = [];
      setProgress({ id, read, counts: null });
      const result = await checkAuctionLedger(id, {
        signal,
        onEntries: (page) => {
          read.push(...page);
          setProgress({ id, read: [...read], counts: null });
        },
        onProgress: (counts) => setProgress((now) => (now.id === id ? { ...now, counts } : now)),
      });
      return { result, entries: read };
    },
    // A verification is of the chain as it is now: the next visit checks again.
    gcTime: 0,
  });
  const state: State = check.isError
    ? { stage: "failed", message: getServerMessage(check.error, "the site did not answer. Try again.") }
    : check.data
      ? { stage: "done", result: check.data.result }
      : { stage: "checking", progress: progress.id === id ? progress.counts : null };
  const entries = check.data?.entries ?? (progress.id === id ? progress.read : []);

  const raw = `/api/auctions/${encodeURIComponent(id)}/ledger`;
  const brokenAt = state.stage === "done" && !state.result.ok ? state.result.brokenAt : null;
  const rows = entries.slice(0, Math.max(shown, brokenAt ?? 0));
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
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
        <EconomicsLine economics={detail?.economics} />
      </header>
      <Card>
        <CardContent className="grid gap-3 pt-6" aria-live="polite" data-testid="ledger-check">
          <LedgerStatus state={state} />
        </CardContent>
      </Card>
      {entries.length > 0 && (
        <section aria-labelledby="ledger-bids" className="grid gap-3">
          <h2 id="ledger-bids" className="text-xl font-semibold">
            The bids, oldest first
          </h2>
          <LedgerTable rows={rows} brokenAt={brokenAt} />
          <LedgerCards rows={rows} brokenAt={brokenAt} />
          {rows.length < entries.length && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => setShown(rows.length + ROWS_PER_STEP)}
            >
              Show {plural(Math.min(ROWS_PER_STEP, entries.length - rows.length), "more bid")}
            </Button>
          )}
        </section>
      )}
      <p className="text-sm text-muted-foreground">
        For programs: the ledger as{" "}
        <a href={raw} className="underline" data-testid="ledger-json">
          JSON
        </a>{" "}
        (<code>?from=</code> and <code>?limit=</code> page through it). From a terminal:{" "}
        <code className="break-all">npm run verify:ledger -- {id}</code>, which prints a checkpoint to resume
        from later.
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
        {result.brokenAt === null
          ? `Not verified: ${result.reason}.`
          : `Not verified: the chain breaks at bid ${result.brokenAt} (${result.reason}).`}
      </p>
    );
  }
  return (
    <>
      <p className="font-medium text-success" data-testid="ledger-result">
        {verifiedMessage(result.entries)}
      </p>
      <p className="break-all text-sm text-muted-foreground">
        Head <code data-testid="ledger-head">{result.head}</code>
      </p>
    </>
  );
}

function verifiedMessage(entries: number): string {
  if (entries === 0) return "Verified: no bids yet; the ledger is its start alone";
  if (entries === 1) return "Verified: the 1 bid chains to the start";
  return `Verified: all ${entries} bids chain to the start`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "medium",
});

function BidTime({ at }: { at: string }) {
  return <time dateTime={at}>{timeFormat.format(new Date(at))}</time>;
}

/** The hash shortened (enough to compare by eye), the whole of it one tap away, with a copy button. */
function Hash({ n, hash }: { n: number; hash: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <details className="min-w-0">
      <summary className="inline-flex min-h-6 cursor-pointer items-center font-mono text-sm">
        {hash.slice(0, 10)}…
        <span className="ml-2 font-sans text-xs text-muted-foreground underline">show all</span>
        <span className="sr-only"> of the hash of bid {n}</span>
      </summary>
      <div className="mt-1 grid gap-1">
        <code className="break-all text-xs" data-testid="ledger-full-hash">
          {hash}
        </code>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            navigator.clipboard.writeText(hash).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> the hash of bid {n}</span>
        </Button>
      </div>
    </details>
  );
}

const auto = (entry: Entry) => (entry.auto ? "Bid Agent" : "By hand");

const LEDGER_COLUMNS = ["#", "Bidder", "Amount", "Time", "Auto", "Hash"] as const;

function LedgerTable({ rows, brokenAt }: { rows: Entry[]; brokenAt: number | null }) {
  return (
    // A long username or the odd narrow window scrolls the table, never the page.
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-left text-sm" data-testid="ledger-table">
        <thead className="border-b text-muted-foreground">
          <tr>
            {LEDGER_COLUMNS.map((column) => (
              <th key={column} scope="col" className={column === "Hash" ? "py-2" : "py-2 pr-3"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => {
            const broken = entry.n === brokenAt;
            return (
              <tr
                key={entry.n}
                className={broken ? "border-b bg-destructive/10 align-top" : "border-b align-top"}
                data-testid="ledger-row"
                data-broken={broken || undefined}
              >
                <td className="py-2 pr-3 tabular-nums">{entry.n}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  <span className="grid gap-0.5">
                    {entry.username}
                    <MemberBadge bidder={entry} />
                  </span>
                </td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums">${entry.amount}</td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  <BidTime at={entry.at} />
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">{auto(entry)}</td>
                <td className="py-2">
                  {broken && <p className="font-semibold text-destructive">The chain breaks here</p>}
                  <Hash n={entry.n} hash={entry.hash} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone each bid is a card: six columns do not fit 390 px. */
function LedgerCards({ rows, brokenAt }: { rows: Entry[]; brokenAt: number | null }) {
  return (
    <ol className="grid gap-2 sm:hidden" aria-label="Bids" data-testid="ledger-cards">
      {rows.map((entry) => {
        const broken = entry.n === brokenAt;
        return (
          <li
            key={entry.n}
            className={`grid gap-1 rounded-md border p-3 text-sm ${broken ? "border-destructive bg-destructive/10" : ""}`}
            data-testid="ledger-card"
            data-broken={broken || undefined}
          >
            {broken && <p className="font-semibold text-destructive">The chain breaks here</p>}
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-semibold">
                Bid {entry.n}: ${entry.amount}
              </span>
              <span className="text-muted-foreground">{auto(entry)}</span>
            </p>
            <p className="break-all">{entry.username}</p>
            <MemberBadge bidder={entry} />
            <p className="text-muted-foreground">
              <BidTime at={entry.at} />
            </p>
            <Hash n={entry.n} hash={entry.hash} />
          </li>
        );
      })}
    </ol>
  );
}
