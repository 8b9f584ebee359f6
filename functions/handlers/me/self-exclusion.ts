import { selfExclusionSchema } from "#shared/schemas/limits";
import { defineRoute } from "../../http/route.ts";
import { selfExclude } from "../../usecases/limits/self-exclusion.ts";

export const route = defineRoute({ body: selfExclusionSchema }, async ({ auth, body, now }) =>
  selfExclude(auth.userId, body.days, now),
);
