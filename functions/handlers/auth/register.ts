import { registerSchema } from "#shared/schemas/auth";
import { createSession } from "../../adapters/dynamo/sessions-repo.ts";
import { createUser, toCurrentUser } from "../../adapters/dynamo/users-repo.ts";
import { hashPassword } from "../../domain/passwords.ts";
import { sessionCookie } from "../../http/cookies.ts";
import { defineRoute, reply } from "../../http/route.ts";

export const handler = defineRoute(
  "auth/register",
  { body: registerSchema },
  async ({ body, now, event }) => {
    const user = await createUser({
      username: body.username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: body.role,
      now,
    });
    const { token } = await createSession(user, now);
    return reply(201, toCurrentUser(user), [sessionCookie(token, event.headers?.host)]);
  },
);
