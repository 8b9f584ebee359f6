import { updateLimitsSchema } from "#shared/schemas/limits";
import { defineRoute } from "../../http/route.ts";
import { updateLimits } from "../../usecases/responsible-play.ts";

export const handler = defineRoute(
  "me/put-limits",
  { body: updateLimitsSchema },
  async ({ auth, body, now }) => updateLimits(auth.userId, body, now),
);
