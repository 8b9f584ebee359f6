/**
 * The build's prerender (web/prerender-plugin.ts): the app's first render for an anonymous visitor,
 * as HTML, for each shell of web/shells.ts. Runs in Node on a server build of this module; nothing is
 * fetched (the data queries stay pending, so the loading skeletons are what is rendered).
 */
import { PageLoading, RootLayout } from "@web/app/layouts/root-layout.tsx";
import { meQuery } from "@web/lib/current-user.ts";
import { queryClient } from "@web/lib/query-client.ts";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { createMemoryRouter, type RouteObject } from "react-router";
import type { ShellName } from "../shells.ts";
import { App } from "./app/app.tsx";
import { routes } from "./app/router.tsx";

/** The neutral shell: the layout around the loading state every lazily loaded page starts with. */
const pageShellRoutes: RouteObject[] = [
  { element: <RootLayout />, children: [{ path: "*", element: <PageLoading /> }] },
];

export async function renderShell(shell: ShellName, url: string): Promise<string> {
  queryClient.clear();
  // Signed out, as the browser's first render is when there is no signed-in hint (web/src/main.tsx).
  queryClient.setQueryData(meQuery().queryKey, null);
  const router = createMemoryRouter(shell === "page" ? pageShellRoutes : routes, { initialEntries: [url] });
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  try {
    // First a full prerender, which waits for every lazily loaded component (the auction page) and
    // throws on any error; then the same tree again, synchronously now, as one plain document:
    // `prerender` itself may outline a large boundary into a hidden <div> revealed by an inline script.
    const errors: unknown[] = [];
    const { prelude } = await prerender(app, { onError: (error) => void errors.push(error) });
    await new Response(prelude).text();
    if (errors.length) throw new AggregateError(errors, `prerendering ${url} failed`);
    const html = renderToString(app);
    // A boundary still suspended (<!--$?-->, <!--$!-->) or an inline script would not paint as rendered.
    if (/<!--\$[?!]-->|<script/.test(html)) throw new Error(`prerendering ${url} left a boundary unresolved`);
    return html;
  } finally {
    router.dispose();
  }
}
