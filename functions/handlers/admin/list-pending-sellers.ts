import type { SellerApplication } from "#shared/schemas/admin";
import { getUsers } from "../../adapters/dynamo/admin-users-repo.ts";
import { listSellersByStatus } from "../../adapters/dynamo/sellers-repo.ts";
import { defineRoute } from "../../http/route.ts";

export const handler = defineRoute(
  "admin/list-pending-sellers",
  {},
  async (): Promise<SellerApplication[]> => {
    const sellers = await listSellersByStatus("pending");
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
  },
);
