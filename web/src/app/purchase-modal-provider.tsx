import { PurchaseBidsModal } from "@web/features/packages/components/purchase-bids-modal.tsx";
import { PurchaseModalContext } from "@web/lib/purchase-modal.ts";
import { type ReactNode, useCallback, useMemo, useState } from "react";

/** Renders the one PurchaseBidsModal of the app; any component opens it with `usePurchaseModal().open()`. */
export function PurchaseModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback(() => setIsOpen(true), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <PurchaseModalContext.Provider value={value}>
      {children}
      <PurchaseBidsModal open={isOpen} onOpenChange={setIsOpen} />
    </PurchaseModalContext.Provider>
  );
}
