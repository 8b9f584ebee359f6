/**
 * Each server of the local stack binds its own port and readiness asks the process that was started:
 * another server on the port it was given (once in two CI runs the gateway held Vite's port, and every
 * browser test met the gateway) must fail the start, not pass for it; and a server that dies later
 * says so with its last output.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startDynamoLocal } from "../../scripts/local/dynamo.ts";
import { startVite } from "../../scripts/local/vite.ts";

const servers: Server[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
});

/** An HTTP server answering 200 to every request, as any stray server would answer readiness probes. */
async function squatter(): Promise<number> {
  const server = createServer((_req, res) => res.end("{}"));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const quiet = { env: {}, verbose: false, log: () => {} };
const START = 120_000;

describe("Vite", () => {
  it(
    "on a port another server holds fails to start, with its output, rather than taking that server for itself",
    async () => {
      const port = await squatter();
      await expect(startVite({ port, ...quiet })).rejects.toThrow(
        /Vite exited during start[\s\S]*already in use/,
      );
    },
    START,
  );

  it(
    "asked for port 0 serves on the port it reports, and its death is reported with its output",
    async () => {
      const deaths: string[] = [];
      const vite = await startVite({
        port: 0,
        ...quiet,
        onUnexpectedExit: (message) => deaths.push(message),
      });
      stops.push(vite.stop);
      const res = await fetch(`http://127.0.0.1:${vite.port}/@vite/client`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("vite");

      process.kill(vite.pid!, "SIGKILL");
      await expect.poll(() => deaths).toEqual([expect.stringMatching(/exited unexpectedly \(SIGKILL\)/)]);
    },
    START,
  );
});

describe("DynamoDB Local", () => {
  it(
    "on a port another server holds fails to start, with Java's output",
    async () => {
      const port = await squatter();
      await expect(startDynamoLocal({ port, inMemory: true })).rejects.toThrow(
        /already in use[\s\S]*DYNAMO_PORT[\s\S]*exited during start[\s\S]*BindException/,
      );
    },
    START,
  );

  it(
    "asked for port 0 answers on the port Java reports, and its death is reported with its output",
    async () => {
      const deaths: string[] = [];
      const db = await startDynamoLocal({ port: 0, inMemory: true, onUnexpectedExit: (m) => deaths.push(m) });
      stops.push(db.stop);
      expect(db.port).toBeGreaterThan(0);
      expect(db.endpoint).toBe(`http://127.0.0.1:${db.port}`);
      process.kill(db.pid!, "SIGKILL");
      await expect
        .poll(() => deaths)
        .toEqual([expect.stringMatching(/DynamoDB Local exited unexpectedly \(SIGKILL\)[\s\S]*LISTENING/)]);
    },
    START,
  );
});
