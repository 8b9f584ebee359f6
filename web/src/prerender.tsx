/**
 * The build's prerender (web/prerender-plugin.ts): the app's first render for an anonymous visitor,
 * as HTML, for each shell of web/shells.ts. Runs in Node on a server build of this module; nothing is
 * fetched (the data queries stay pending, so the loading skeletons are what is rendered).
 */
import { PageLoading, RootLayout } from "@web/app/layouts/root-layout.tsx";
import { meQuery } from "@web/lib/current-user.ts";
import { queryClient } from "@web/lib/query-client.ts";
import { StrictMode } from "react";
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
  // Any error would leave a boundary to client rendering, which the browser reports: fail the build.
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    const html = await new Response(prelude).text();
    if (errors.length) throw new AggregateError(errors, `prerendering ${url} failed`);
    return html;
  } finally {
    router.dispose();
  }
}
