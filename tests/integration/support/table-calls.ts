import { dynamo } from "../../../functions/adapters/dynamo/client.ts";

/** One call the DynamoDB client sent: its command name, its input and, once answered, its output. */
export interface TableCall {
  command: string;
  input: Record<string, unknown>;
  output?: Record<string, unknown>;
}

/**
 * Every call the functions' DynamoDB client sends while `run` runs, in order: what a test asserts a
 * read's cost or a write's target with. The spy leaves the client as it found it, even if `run` throws.
 */
export async function tableCallsDuring(run: () => Promise<unknown>): Promise<TableCall[]> {
  const calls: TableCall[] = [];
  const name = `table-calls-${crypto.randomUUID()}`;
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const call: TableCall = {
        command: context.commandName ?? "unknown",
        input: args.input as Record<string, unknown>,
      };
      calls.push(call);
      const result = await next(args);
      call.output = result.output as unknown as Record<string, unknown>;
      return result;
    },
    { step: "initialize", name },
  );
  try {
    await run();
  } finally {
    dynamo.middlewareStack.remove(name);
  }
  return calls;
}

/** The Limit of every Query sent while `run` runs. */
export async function queryLimitsDuring(run: () => Promise<unknown>): Promise<number[]> {
  const calls = await tableCallsDuring(run);
  return calls.filter((c) => c.command === "QueryCommand").map((c) => Number(c.input.Limit));
}
