import { describe, expect, it } from "vitest";
import { holdHandlerLogs } from "../../support/handler-logs.ts";

describe("the handlers' log lines in a test run", () => {
  it("are held, while every other write reaches the terminal, until released", () => {
    const held: string[] = [];
    const printed: unknown[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: unknown) => {
      printed.push(chunk);
      return true;
    }) as typeof write;
    try {
      const release = holdHandlerLogs((line) => held.push(line));
      process.stdout.write('{"level":"WARN","message":"transient AWS fault"}\n');
      process.stdout.write(" ✓ a test's own output\n");
      release();
      process.stdout.write('{"level":"INFO","message":"request"}\n');
    } finally {
      process.stdout.write = write;
    }
    expect(held).toEqual(['{"level":"WARN","message":"transient AWS fault"}\n']);
    expect(printed).toEqual([" ✓ a test's own output\n", '{"level":"INFO","message":"request"}\n']);
  });
});
