import { defineRoute } from "../../http/route.ts";
import { listSupportMessages } from "../../usecases/support/support-messages.ts";

export const route = defineRoute({}, () => listSupportMessages());
