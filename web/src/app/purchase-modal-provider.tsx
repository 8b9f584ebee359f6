import { lazyPage } from "@web/app/lazy-page.tsx";
import { PurchaseModalContext } from "@web/lib/purchase-modal.ts";
import { type ReactNode, Suspense, useCallback, useMemo, useState } from "react";

// Fetched the first time someone opens it: its form code is no part of a first visit.
const PurchaseBidsModal = lazyPage(
  () => import("@web/features/packages/components/purchase-bids-modal.tsx"),
  "PurchaseBidsModal",
);

/** Renders the one PurchaseBidsModal of the app; any component opens it with `usePurchaseModal().open()`. */
export function PurchaseModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = useCallback(() => {
    setWanted(true);
    setIsOpen(true);
  }, []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <PurchaseModalContext.Provider value={value}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <PurchaseBidsModal open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </PurchaseModalContext.Provider>
  );
}
