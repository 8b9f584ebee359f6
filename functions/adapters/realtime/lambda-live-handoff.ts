import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import type { AuctionMessage } from "#shared/schemas/auctions";
import type { LiveHandoff, LiveUpdateEvent } from "./live-handoff.ts";

/**
 * Made on first use, not at import: only the functions that hand off (a bid, an agent's bid, the
 * closer) ever build it. One attempt and short timeouts: a retry's backoff or a slow invoke would hold
 * the bid's answer, and whatever does not get through arrives by the stream a second later.
 */
let client: LambdaClient | undefined;

/** An `Event` invocation: Lambda queues it and answers 202 at once; the broadcaster runs meanwhile. */
export function lambdaLiveHandoff(functionName: string): LiveHandoff {
  return {
    async handOff(message: AuctionMessage) {
      client ??= new LambdaClient({
        maxAttempts: 1,
        requestHandler: { connectionTimeout: 500, requestTimeout: 1000 },
      });
      const event: LiveUpdateEvent = { liveUpdate: message };
      await client.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: "Event",
          Payload: new TextEncoder().encode(JSON.stringify(event)),
        }),
      );
    },
  };
}
