import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const webPort = Number(process.env.WEB_PORT ?? 5173);
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 3001);

/** Same origin for page, API and socket, as in production behind CloudFront (DESIGN.md section 1). */
const proxy: Record<string, ProxyOptions> = {
  "/api": { target: `http://127.0.0.1:${gatewayPort}`, changeOrigin: false },
  "/ws": { target: `ws://127.0.0.1:${gatewayPort}`, ws: true, changeOrigin: false },
};

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@web": fileURLToPath(new URL("./src", import.meta.url)),
      "#shared": fileURLToPath(new URL("../shared", import.meta.url)),
    },
  },
  server: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
  preview: { host: "127.0.0.1", port: webPort, strictPort: true, proxy },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
