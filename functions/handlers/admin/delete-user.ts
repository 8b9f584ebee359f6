import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { deleteUser } from "../../usecases/manage-users.ts";

export const handler = defineRoute(
  "admin/delete-user",
  { params: idParamsSchema },
  async ({ auth, params }) => {
    await deleteUser(auth.userId, params.id);
    return { message: "User deleted" };
  },
);
