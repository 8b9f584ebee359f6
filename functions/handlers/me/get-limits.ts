import { defineRoute } from "../../http/route.ts";
import { readLimits } from "../../usecases/limits/responsible-play.ts";

export const route = defineRoute({}, async ({ auth, now }) => readLimits(auth.userId, now));
