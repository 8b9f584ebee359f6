import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type Alias, createLogger, defineConfig } from "vite";
import { devProxy, quietSocketResets } from "./dev-proxy.ts";
import { prerenderShells } from "./prerender-plugin.ts";
import { serviceWorkerInDev } from "./service-worker.ts";

const webPort = Number(process.env.WEB_PORT ?? 5173);
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 3001);

const proxy = devProxy(gatewayPort, process.env.ORIGIN_SECRET);

/**
 * `@web` and `#shared`; and, in a production build, React Router's production build: its package
 * exports only its development build (with its development warnings and checks) to every bundler,
 * a temporary choice of theirs (remix-run/react-router#12437, #14102), though it ships both.
 */
function aliases(production: boolean): Alias[] {
  return [
    { find: "@web", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
    { find: "#shared", replacement: fileURLToPath(new URL("../shared", import.meta.url)) },
    ...(production
      ? [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url),
            ),
          },
        ]
      : []),
  ];
}

export default defineConfig(({ command, mode }) => {
  const alias = aliases(command === "build" && mode === "production");
  return {
    root: fileURLToPath(new URL(".", import.meta.url)),
    // Serving only: a build keeps Vite's own logger, which honours --logLevel (scripts/check-budgets.ts).
    customLogger: command === "serve" ? quietSocketResets(createLogger()) : undefined,
    plugins: [
      react(),
      tailwindcss(),
      prerenderShells({ alias }),
      serviceWorkerInDev(fileURLToPath(new URL("./public", import.meta.url))),
    ],
    resolve: { alias },
    server: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
    preview: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
    build: {
      outDir: fileURLToPath(new URL("./dist", import.meta.url)),
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Long-lived vendor chunks: an app release does not invalidate the browser's copy of React.
          codeSplitting: {
            groups: [
              {
                name: "react",
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 30,
              },
            ],
          },
        },
      },
    },
  };
});
