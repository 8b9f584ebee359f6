import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { deleteUser } from "../../usecases/accounts/manage-users.ts";

export const route = defineRoute({ params: idParamsSchema }, async ({ auth, params }) => {
  await deleteUser(auth.userId, params.id);
  return { message: "User deleted" };
});
