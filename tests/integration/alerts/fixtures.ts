/**
 * What the alert tests share: the local email queue the sweep's events go through (the accounts
 * tests' one), the ending-soon emails an account received, the default threshold's whole story, and
 * the table commands a piece of work sent (to prove it never scans).
 */
import { expect } from "vitest";
import type { OutboxEmail } from "#shared/schemas/notifications";
import { sweepEndingSoonAlerts } from "../../../functions/usecases/alerts/ending-soon.ts";
import { outbox, useAccountEmails } from "../accounts/fixtures.ts";
import { tableCallsDuring } from "../support/table-calls.ts";

export const MINUTE = 60_000;

/** Installs a local email queue for the file's tests; its helpers wait for it before reading the outbox. */
export function useAlertEmails() {
  const emails = useAccountEmails();
  const endingSoonEmails = async (user: { email: string }): Promise<OutboxEmail[]> => {
    await emails.settled();
    return (await outbox(user.email)).filter((email) => email.kind === "ending_soon");
  };
  return {
    endingSoonEmails,
    /**
     * With the default threshold (5 minutes): nothing at 6 minutes left, one alert at 5, and nothing
     * more at later sweeps, the same moment again included (a clock moved back by bids). The alert.
     */
    async expectOneDefaultAlert(
      user: { email: string },
      auction: { endsAt: number; product: { name: string } },
    ): Promise<OutboxEmail> {
      await sweepEndingSoonAlerts(auction.endsAt - 6 * MINUTE);
      expect(await endingSoonEmails(user)).toEqual([]);
      await sweepEndingSoonAlerts(auction.endsAt - 5 * MINUTE);
      const sent = await endingSoonEmails(user);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe(`${auction.product.name} is ending soon`);
      for (const left of [4, 5, 1]) await sweepEndingSoonAlerts(auction.endsAt - left * MINUTE);
      expect(await endingSoonEmails(user)).toHaveLength(1);
      return sent[0]!;
    },
  };
}

/** The names of the table commands `work` sent. */
export async function commandsSentBy(work: () => Promise<unknown>): Promise<string[]> {
  return (await tableCallsDuring(work)).map((call) => call.command);
}
