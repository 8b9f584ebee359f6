import { Spinner } from "@web/components/ui/spinner.tsx";
import { paths } from "@web/config/paths.ts";
import { useUser } from "@web/lib/current-user.ts";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import type { UserRole } from "#shared/constants";

/**
 * Guards a route: signed out goes to /login, a signed-in user without one of `roles` goes to /.
 * Without `roles` any signed-in user passes. Renders `children`, or the nested route's <Outlet />.
 */
export function RequireRole({ roles, children }: { roles?: readonly UserRole[]; children?: ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />;
  if (roles && !roles.includes(user.role)) return <Navigate to={paths.home.getHref()} replace />;
  // Staff on a stage that requires two-factor can do nothing else until they have set it up.
  if (roles?.includes("admin") && user.twoFactorSetupRequired) {
    return <Navigate to={paths.twoFactor.getHref()} replace />;
  }
  return children ?? <Outlet />;
}
