import { useToast } from "@web/lib/toast.ts";
import { lazy, Suspense, useEffect, useState } from "react";

const loadToaster = () => import("./toaster.tsx");
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** Fetched once the page has settled, so the first toast does not wait for it. */
const PREFETCH_AFTER_MS = 2000;

/**
 * The toaster, out of the first load: it mounts with the first toast (which it then shows, the store
 * keeping it) and its code is fetched a moment after the page loads.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);
  useEffect(() => {
    const timer = setTimeout(() => void loadToaster(), PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
