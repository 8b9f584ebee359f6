/**
 * CPU priority of a process tree (Linux), for `npm run lighthouse` (scripts/lighthouse.ts): the local
 * stack, which in production runs on other machines, is started at the lowest priority so that on this
 * 2-core machine it does not stretch the audited page's main-thread tasks. Linux keeps a nice value per
 * thread, and a thread or process inherits its creator's: a process started under `nice -n 19` has all
 * its threads, and every child it starts (the JVM of DynamoDB Local, `vite preview`), at 19.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The nice value the measured machine's server side runs at (19 = the lowest priority). */
export const SERVER_SIDE_NICE = 19;

/** `command args…` started at nice `nice` (the coreutils `nice` wrapper). */
export function niceCommand(nice: number, command: string, args: string[]): [string, string[]] {
  return ["nice", ["-n", String(nice), command, ...args]];
}

/**
 * The fields of a /proc/<pid>/stat (or /proc/<pid>/task/<tid>/stat) line that matter here. The
 * command name (field 2) is in parentheses and may itself hold spaces and parentheses, so the fields
 * are counted from its last `)`.
 */
export function parseStat(line: string): { pid: number; ppid: number; nice: number; name: string } {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  // After ")": state (field 3), ppid (4), … priority (18), nice (19).
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  return {
    pid: Number(line.slice(0, open).trim()),
    name: line.slice(open + 1, close),
    ppid: Number(rest[1]),
    nice: Number(rest[16]),
  };
}

function readStat(path: string): ReturnType<typeof parseStat> | null {
  try {
    return parseStat(readFileSync(path, "utf8"));
  } catch {
    return null; // gone meanwhile
  }
}

/** `pid` and all its descendants, as /proc lists them now. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** Every thread of `pid`'s process tree: process id and name, thread id and nice value. */
export function threadPriorities(
  pid: number,
): Array<{ pid: number; process: string; tid: number; nice: number }> {
  return processTree(pid).flatMap((p) => {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${p}/task`);
    } catch {
      return [];
    }
    const process = readStat(`/proc/${p}/stat`)?.name ?? String(p);
    return tids.flatMap((tid) => {
      const stat = readStat(`/proc/${p}/task/${tid}/stat`);
      return stat ? [{ pid: p, process, tid: Number(tid), nice: stat.nice }] : [];
    });
  });
}
