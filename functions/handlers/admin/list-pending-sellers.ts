import type { SellerApplication } from "#shared/schemas/admin";
import { mapPage, pageQuerySchema, pageRequestOf } from "#shared/schemas/pages";
import { getUsers } from "../../adapters/dynamo/admin-users-repo.ts";
import {
  listSellersByStatus,
  listSellersPage,
  type SellerRecord,
} from "../../adapters/dynamo/sellers-repo.ts";
import { defineRoute } from "../../http/route.ts";

export const route = defineRoute({ query: pageQuerySchema }, async ({ query }) => {
  const page = pageRequestOf(query);
  if (!page) return applications(await listSellersByStatus("pending"));
  return mapPage(await listSellersPage("pending", page), applications);
});

async function applications(sellers: SellerRecord[]): Promise<SellerApplication[]> {
  const users = await getUsers(sellers.map((s) => s.userId));
  return sellers.flatMap((seller) => {
    const user = users.get(seller.userId);
    if (!user) return []; // the applicant's account is gone: nobody to approve
    return [
      {
        id: seller.id,
        businessName: seller.businessName,
        ...(seller.description ? { description: seller.description } : {}),
        status: seller.status,
        createdAt: seller.createdAt,
        user: { username: user.username, email: user.email },
      },
    ];
  });
}
