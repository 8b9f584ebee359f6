// Vite in a child process of the local stack (scripts/local/vite.ts, preview.ts), through its API rather
// than its CLI so that it can say which port it holds: asked for 0, the OS picks one at listen() and no
// other server can take it between the choice and the bind. Once listening it prints `LISTENING <port>`.
// Plain JavaScript: the child runs on whatever `node` started the stack, with or without type stripping.
//
//   node scripts/local/vite-server.mjs serve|preview <config file> <port> [preview's outDir]
import { createServer, preview } from "vite";

const [mode, configFile, portArg, outDir] = process.argv.slice(2);
const listen = { port: Number(portArg), strictPort: true, host: "127.0.0.1" };

let server;
if (mode === "preview") {
  server = await preview({ configFile, build: outDir ? { outDir } : {}, preview: listen });
} else {
  server = await createServer({ configFile, server: listen });
  await server.listen();
}
const address = server.httpServer?.address();
if (!address || typeof address !== "object") throw new Error("Vite is not listening");
process.stdout.write(`LISTENING ${address.port}\n`);
if (mode !== "preview") server.printUrls();

const close = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGTERM", close);
process.once("SIGINT", close);
