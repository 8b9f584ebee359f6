/**
 * moto_server (pip install "moto[server]") on a free local port: a fake AWS for the adapters whose
 * service has no local stand-in of ours. `motoInstalled` is false where it is missing; the tests
 * that need it then skip, saying why.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

export const motoInstalled = spawnSync("moto_server", ["--help"], { encoding: "utf8" }).status === 0;

export interface MotoServer {
  endpoint: string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startMoto(): Promise<MotoServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const moto: ChildProcess = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], {
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      await fetch(`${endpoint}/moto-api/`);
      return { endpoint, stop: () => moto.kill() };
    } catch {
      // Not listening yet: moto takes a few seconds to import its services.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  moto.kill();
  throw new Error(`moto_server did not answer on ${endpoint}`);
}
