import { type AdjustBidsResponse, adjustBidsSchema, idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { adjustUserBids } from "../../usecases/accounts/manage-users.ts";

export const route = defineRoute(
  { params: idParamsSchema, body: adjustBidsSchema },
  async ({ params, body }): Promise<AdjustBidsResponse> => adjustUserBids(params.id, body.amount),
);
