import { getSeller, type SellerRecord, setSellerStatus } from "../../adapters/dynamo/sellers-repo.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import { type Decision, decideSeller } from "../../domain/approvals.ts";
import { conflict, notFound } from "../../domain/errors.ts";

const MAX_ROUNDS = 3;

/** Approves or rejects a seller application; repeating the same decision changes nothing. */
export async function reviewSeller(id: string, decision: Decision, now: number): Promise<SellerRecord> {
  return retrying(
    { attempts: MAX_ROUNDS },
    async () => {
      const seller = await getSeller(id);
      if (!seller) throw notFound("Seller not found");
      const transition = decideSeller(seller.status, decision, now);
      if (transition.kind === "unchanged") return seller;
      if (transition.kind === "refused") throw conflict(transition.message);
      const updated = await setSellerStatus(id, {
        from: seller.status,
        to: transition.status,
        approvedAt: transition.approvedAt,
      });
      if (updated) return updated;
      // Someone else decided in between: judge again against what they did.
      return RETRY;
    },
    () => {
      throw conflict("This seller application changed while it was being reviewed. Please try again.");
    },
  );
}
