import { getSeller, type SellerRecord } from "../../adapters/dynamo/sellers-repo.ts";
import { getUser, type UserRecord } from "../../adapters/dynamo/users-repo.ts";
import { notFound, unauthorized } from "../../domain/errors.ts";
/** The signed-in seller's user item and seller profile (created at registration, docs/architecture.md section 5). */
export async function currentSeller(
  auth: { userId: string } | null,
): Promise<{ user: UserRecord; seller: SellerRecord }> {
  if (!auth) throw unauthorized();
  const user = await getUser(auth.userId);
  if (!user) throw unauthorized();
  const seller = user.sellerId ? await getSeller(user.sellerId) : null;
  if (!seller || seller.userId !== user.id) throw notFound("Seller profile not found");
  return { user, seller };
}
