import { AppProvider } from "./provider.tsx";
import { AppRouter, type AppRouterInstance } from "./router.tsx";

/**
 * The whole app around a router: the browser's in web/src/main.tsx, a memory router at the build's
 * prerender (web/src/prerender.tsx), so both render the same tree.
 */
export function App({ router }: { router: AppRouterInstance }) {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}
