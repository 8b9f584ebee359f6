/**
 * The prerendered shells (docs/decisions.md, "Prerendered shells"; web/shells.ts):
 *  - every page (dev and build) gets the boot script inline at the top of <head>;
 *  - after the client build, a server build of web/src/prerender.tsx renders each shell's markup into
 *    a copy of the built index.html (index.html, auction.html, page.html), whose JavaScript the boot
 *    script fetches once the page has painted; the auction shell's also holds the auction page's
 *    chunks, which the entry would otherwise ask for only once it ran;
 *  - `vite preview` serves each client route its shell as CloudFront does (the same function).
 * The dev server keeps serving web/index.html with an empty #root: nothing is prerendered there.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig, type UserConfig } from "vite";
import { writeServiceWorker } from "./service-worker.ts";
import { APP_CODE_TEMPLATE_ID, BOOT_SCRIPT, SHELLS, type ShellName, shellFileFor } from "./shells.ts";

/** The auction page's module, as the client bundle names it. */
const AUCTION_PAGE_MODULE = "/src/features/auctions/pages/auction-detail-page.tsx";
const EMPTY_ROOT = '<div id="root"></div>';

interface OutputChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

type Bundle = Record<string, { type: "chunk" | "asset" } | OutputChunk>;

/** `fileName` and the chunks it imports statically, transitively. */
function staticClosure(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === "chunk")
    for (const imported of (chunk as OutputChunk).imports) staticClosure(bundle, imported, seen);
  return seen;
}

/** The built page's module script and module preloads, as Vite writes them. */
const APP_CODE_TAGS =
  /<script type="module" crossorigin src="[^"]+"><\/script>|<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The page: the built index.html with a shell's markup in #root and, for an auction, its chunks
 * preloaded. Every shell paints from the HTML and CSS alone, so its JavaScript (the entry, its module
 * preloads, an auction page's chunks) is not fetched by the HTML: it is listed, inert, in
 * `<template id="${APP_CODE_TEMPLATE_ID}">`, which the boot script (web/shells.ts) copies into the page
 * once the page has painted, at low priority (docs/decisions.md, "Prerendered shells").
 */
export function shellPage(
  template: string,
  shell: ShellName,
  markup: string,
  preload: string[] = [],
): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`the built index.html has no ${EMPTY_ROOT}`);
  const code = [
    ...(template.match(APP_CODE_TAGS) ?? []),
    ...preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].map((tag) => tag.replace(/ crossorigin (src|href)=/, ' crossorigin fetchpriority="low" $1='));
  if (!code.some((tag) => tag.startsWith('<script type="module"')))
    throw new Error("the built index.html has no module script");
  return template
    .replaceAll(new RegExp(`\\s*(?:${APP_CODE_TAGS.source})`, "g"), "")
    .replace("</head>", `<template id="${APP_CODE_TEMPLATE_ID}">${code.join("")}</template></head>`)
    .replace(EMPTY_ROOT, `<div id="root" data-shell="${shell}">${markup}</div>`);
}

export function prerenderShells(options: { alias: NonNullable<UserConfig["resolve"]>["alias"] }): Plugin[] {
  let config: ResolvedConfig;
  return [
    {
      name: "penny:boot-script",
      // Right after the title: after <meta charset>, and before the page's own requests go out.
      transformIndexHtml: (html) => {
        if (!html.includes("</title>")) throw new Error("index.html has no <title>");
        return html.replace("</title>", `</title>\n    <script>${BOOT_SCRIPT}</script>`);
      },
      configurePreviewServer(server) {
        server.middlewares.use((req, _res, next) => {
          const [path = "/", query] = (req.url ?? "/").split("?", 2);
          if (!/^\/(api|ws|media)(\/|$)/.test(path)) {
            const file = shellFileFor(path);
            if (file !== path) req.url = query === undefined ? file : `${file}?${query}`;
          }
          next();
        });
      },
    },
    {
      name: "penny:prerender",
      apply: "build",
      configResolved(resolved) {
        config = resolved;
      },
      async writeBundle(_output, bundle) {
        if (config.build.ssr) return;
        const outDir = config.build.outDir;
        const chunks = bundle as unknown as Bundle;
        const entry = Object.values(chunks).find(
          (c): c is OutputChunk => c.type === "chunk" && (c as OutputChunk).isEntry,
        );
        const page = Object.values(chunks).find(
          (c): c is OutputChunk =>
            c.type === "chunk" && ((c as OutputChunk).facadeModuleId?.endsWith(AUCTION_PAGE_MODULE) ?? false),
        );
        if (!entry || !page)
          throw new Error("prerender: the client build has no entry or no auction page chunk");
        const inFirstLoad = staticClosure(chunks, entry.fileName);
        const auctionPreload = [...staticClosure(chunks, page.fileName)].filter((f) => !inFirstLoad.has(f));

        // A server build of the prerender entry, inside the repository so that its imports of React and
        // the rest resolve from node_modules.
        const serverOut = join(config.root, "..", "node_modules", ".cache", `penny-prerender-${process.pid}`);
        mkdirSync(serverOut, { recursive: true });
        try {
          await build({
            configFile: false,
            root: config.root,
            mode: config.mode,
            logLevel: "warn",
            resolve: { alias: options.alias },
            plugins: [react()],
            build: {
              ssr: "src/prerender.tsx",
              outDir: serverOut,
              emptyOutDir: true,
              sourcemap: false,
              minify: false,
              copyPublicDir: false,
            },
          });
          const file = readdirSync(serverOut).find((f) => /^prerender\.m?js$/.test(f));
          if (!file) throw new Error("prerender: the server build wrote no prerender.js");
          const { renderShell } = (await import(pathToFileURL(join(serverOut, file)).href)) as {
            renderShell: (shell: ShellName, url: string) => Promise<string>;
          };
          const template = readFileSync(join(outDir, "index.html"), "utf8");
          for (const [name, shell] of Object.entries(SHELLS) as [ShellName, (typeof SHELLS)[ShellName]][]) {
            const markup = await renderShell(name, shell.renderAt);
            const preload = name === "auction" ? auctionPreload : [];
            writeFileSync(join(outDir, shell.file), shellPage(template, name, markup, preload));
          }
          // Last: the worker's precache list and version cover the shells just written.
          writeServiceWorker(outDir);
        } finally {
          if (existsSync(serverOut)) rmSync(serverOut, { recursive: true, force: true });
        }
      },
    },
  ];
}
