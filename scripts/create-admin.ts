/**
 * npm run create-admin -- --username U --email E [--table NAME] [--region R] [--endpoint URL]
 * Password from ADMIN_PASSWORD or a hidden prompt. Without --table it targets the local stack's table
 * (DynamoDB Local on 127.0.0.1:8000); with --table and --region, a deployed one (normal AWS credentials).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { pointAtTable } from "./table-target.ts";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    table: { type: "string" },
    region: { type: "string" },
    endpoint: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) fail("Set ADMIN_PASSWORD or run in a terminal to be prompted for the password.");
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  process.stdout.write(question);
  output._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

if (!values.username || !values.email)
  fail("Usage: npm run create-admin -- --username U --email E [--table T --region R]");

pointAtTable(values);

const { registerSchema } = await import("#shared/schemas/auth");
const password = process.env.ADMIN_PASSWORD ?? (await promptHidden("Admin password: "));
const parsed = registerSchema.safeParse({
  username: values.username,
  email: values.email,
  password,
  role: "buyer",
});
if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join("\n"));

const { createUser } = await import("../functions/adapters/dynamo/users-repo.ts");
const { hashPassword } = await import("../functions/domain/passwords.ts");
try {
  const user = await createUser({
    username: parsed.data.username,
    email: parsed.data.email,
    passwordHash: await hashPassword(parsed.data.password),
    role: "admin",
    now: Date.now(),
    emailVerified: true,
  });
  console.log(`Admin ${user.username} created in table ${process.env.TABLE_NAME} (id ${user.id}).`);
} catch (error) {
  fail(`Could not create the admin: ${(error as Error).message}`);
}
