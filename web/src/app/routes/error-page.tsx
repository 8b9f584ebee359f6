import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundPage } from "./not-found.tsx";

/** Shown when a page throws while rendering, instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // Set here rather than by NotFoundPage: a parent's effect runs after its child's.
  useDocumentTitle(missing ? "Page not found" : "Something went wrong");
  if (missing) return <NotFoundPage />;
  console.error(error);
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">An unexpected error occurred. Please try again.</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Go home</Link>
        </Button>
      </div>
    </div>
  );
}
