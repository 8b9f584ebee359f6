import { paths } from "@web/config/paths.ts";
import { cn } from "@web/lib/utils.ts";
import { Link } from "react-router";

/** "Spending limits", linked: where a paused or refused purchase points the user. */
export function SpendingLimitsLink({ className }: { className?: string }) {
  return (
    <Link
      to={paths.spendingLimits.getHref()}
      className={cn("font-medium underline underline-offset-2", className)}
    >
      Spending limits
    </Link>
  );
}
