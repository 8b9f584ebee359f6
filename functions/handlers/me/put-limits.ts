import { updateLimitsSchema } from "#shared/schemas/limits";
import { defineRoute } from "../../http/route.ts";
import { updateLimits } from "../../usecases/limits/responsible-play.ts";

export const route = defineRoute({ body: updateLimitsSchema }, async ({ auth, body, now }) =>
  updateLimits(auth.userId, body, now),
);
