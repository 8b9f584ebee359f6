import { createContext, useContext } from "react";

export type PurchaseModalControls = { open(): void };

/** Opens the app's one Purchase Bid Credits modal (rendered by web/src/app/purchase-modal-provider.tsx). */
export const PurchaseModalContext = createContext<PurchaseModalControls | null>(null);

export function usePurchaseModal(): PurchaseModalControls {
  const value = useContext(PurchaseModalContext);
  if (!value) throw new Error("usePurchaseModal must be used inside <PurchaseModalProvider>");
  return value;
}
