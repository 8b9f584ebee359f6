/**
 * The admin's view of invitations (docs/product.md, "Invite a friend"): who invites, how many accounts
 * registered with their code and how many earned the voucher bids. From the referrers' index, never a scan.
 */
import { ADMIN_REFERRERS_LIMIT, type AdminReferrer } from "#shared/schemas/referrals";
import { getUsers } from "../../adapters/dynamo/admin-users-repo.ts";
import { listReferrers } from "../../adapters/dynamo/referrals-repo.ts";

/** GET /api/admin/referrals: most invitations first, then most rewarded, then the newest code. */
export async function adminReferrers(): Promise<AdminReferrer[]> {
  const referrers = await listReferrers(ADMIN_REFERRERS_LIMIT);
  const users = await getUsers(referrers.map((r) => r.userId));
  return referrers
    .map((referrer, newest) => ({ referrer, newest }))
    .sort(
      (a, b) =>
        b.referrer.invited - a.referrer.invited ||
        b.referrer.rewarded - a.referrer.rewarded ||
        a.newest - b.newest,
    )
    .map(({ referrer }) => {
      const user = users.get(referrer.userId);
      return {
        userId: referrer.userId,
        username: user && !user.deletedAt ? user.username : null,
        code: referrer.code,
        invited: referrer.invited,
        rewarded: referrer.rewarded,
      };
    });
}
