/**
 * The measurement box of `npm run lighthouse` (scripts/lighthouse.ts): the server side is started at
 * the lowest CPU priority, every thread of its process tree included, and the script checks it.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { niceCommand, parseStat, processTree, threadPriorities } from "../../../scripts/local/priority.ts";

describe("the server side's CPU priority", () => {
  it("reads pid, parent, name and nice from a /proc stat line, whatever the command name holds", () => {
    const line =
      "4242 (java (a) b) S 4200 4242 4200 0 -1 4194560 1 0 0 0 5 3 0 0 39 19 27 0 123 4567 89 18446744073709551615";
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, nice: 19, name: "java (a) b" });
    expect(parseStat("7 (node) R 1 7 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 11 0").nice).toBe(0);
  });

  it.runIf(process.platform === "linux")(
    "a process started with niceCommand runs every thread, and every child it starts, at that nice value",
    async () => {
      // A Node process (several threads) that starts a child of its own.
      const [command, args] = niceCommand(19, process.execPath, [
        "-e",
        "require('node:child_process').spawn('sleep', ['30'], { stdio: 'inherit' }); console.log('up'); setTimeout(() => {}, 30000);",
      ]);
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
      let tree: number[] = [];
      try {
        await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
        tree = processTree(child.pid!);
        expect(tree.length).toBe(2);
        const threads = threadPriorities(child.pid!);
        expect(threads.length).toBeGreaterThan(2);
        expect(new Set(threads.map((t) => t.process))).toContain("sleep");
        expect(new Set(threads.map((t) => t.nice))).toEqual(new Set([19]));
        // This process (the test's) is left at its own priority.
        const own = threadPriorities(process.pid).filter((t) => t.pid === process.pid);
        expect(new Set(own.map((t) => t.nice))).not.toContain(19);
      } finally {
        for (const pid of tree.length ? tree : [child.pid!]) process.kill(pid, "SIGKILL");
      }
    },
  );
});
