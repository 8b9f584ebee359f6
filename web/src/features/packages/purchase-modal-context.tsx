import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { PurchaseBidsModal } from "./components/purchase-bids-modal.tsx";

type PurchaseModalContextValue = { open(): void };

const PurchaseModalContext = createContext<PurchaseModalContextValue | null>(null);

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

export function usePurchaseModal(): PurchaseModalContextValue {
  const value = useContext(PurchaseModalContext);
  if (!value) throw new Error("usePurchaseModal must be used inside <PurchaseModalProvider>");
  return value;
}
