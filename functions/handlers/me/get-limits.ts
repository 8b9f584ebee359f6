import { defineRoute } from "../../http/route.ts";
import { readLimits } from "../../usecases/responsible-play.ts";

export const handler = defineRoute("me/get-limits", {}, async ({ auth, now }) =>
  readLimits(auth.userId, now),
);
