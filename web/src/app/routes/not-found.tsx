import { Button } from "@web/components/ui/button.tsx";
import { paths } from "@web/config/paths.ts";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import { Link } from "react-router";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Back to Live Auctions</Link>
      </Button>
    </div>
  );
}
