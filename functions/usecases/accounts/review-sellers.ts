import { getSeller, type SellerRecord, setSellerStatus } from "../../adapters/dynamo/sellers-repo.ts";
import { type Decision, decideSeller } from "../../domain/approvals.ts";
import { review } from "../approvals/review.ts";

/** Approves or rejects a seller application; repeating the same decision changes nothing. */
export async function reviewSeller(id: string, decision: Decision, now: number): Promise<SellerRecord> {
  return review(
    {
      read: () => getSeller(id),
      notFoundMessage: "Seller not found",
      decide: decideSeller,
      move: (change) => setSellerStatus(id, change),
      busyMessage: "This seller application changed while it was being reviewed. Please try again.",
    },
    decision,
    now,
  );
}
