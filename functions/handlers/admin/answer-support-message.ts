import { idParamsSchema } from "#shared/schemas/admin";
import { defineRoute } from "../../http/route.ts";
import { markSupportMessageAsAnswered } from "../../usecases/support/support-messages.ts";

export const route = defineRoute({ params: idParamsSchema }, ({ params, now }) =>
  markSupportMessageAsAnswered(params.id, now),
);
