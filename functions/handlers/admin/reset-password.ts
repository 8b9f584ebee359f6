import { idParamsSchema, resetPasswordSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { resetUserPassword } from "../../usecases/accounts/manage-users.ts";

export const route = defineRoute(
  { params: idParamsSchema, body: resetPasswordSchema },
  async ({ params, body }) => {
    await resetUserPassword(params.id, body.newPassword);
    return { message: "Password reset" };
  },
);
