/**
 * The direct path of live updates: the function that changed an auction hands its new state to the
 * broadcaster at once, instead of waiting for the table's stream and its batching window (the stream
 * stays the safety net: docs/architecture.md section 4). AWS: an asynchronous (`Event`) invocation of
 * the broadcaster (lambda-live-handoff.ts). The local stack and tests install an in-process stand-in
 * (scripts/local/live-handoff.ts) that runs the same broadcaster code (handoff-from-env.ts).
 */
import type { AuctionMessage } from "#shared/schemas/auctions";

/** The event the broadcaster receives by the direct path (the stream's are DynamoDBStreamEvents). */
export interface LiveUpdateEvent {
  liveUpdate: AuctionMessage;
}

export interface LiveHandoff {
  /** Resolves once the broadcaster has the message (not once it is delivered). */
  handOff(message: AuctionMessage): Promise<void>;
}
