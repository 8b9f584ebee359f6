import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { devProxy } from "./dev-proxy.ts";
import { prerenderShells } from "./prerender-plugin.ts";

const webPort = Number(process.env.WEB_PORT ?? 5173);
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 3001);

const proxy = devProxy(gatewayPort, process.env.ORIGIN_SECRET);

const alias = {
  "@web": fileURLToPath(new URL("./src", import.meta.url)),
  "#shared": fileURLToPath(new URL("../shared", import.meta.url)),
};

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss(), prerenderShells({ alias })],
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
});
