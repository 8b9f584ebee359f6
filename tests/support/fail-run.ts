/**
 * For a global setup's servers: one that dies during the run fails the run at once, with its last
 * output, rather than leaving every later test to time out against a closed port. The exit hook of
 * scripts/local/process.ts still stops the other children.
 */
export function failRun(message: string): never {
  process.stderr.write(`\n${message}\n[test run] a server of this run exited; failing the run now\n`);
  process.exit(1);
}
