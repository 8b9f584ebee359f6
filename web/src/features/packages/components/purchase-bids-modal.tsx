import { ComingSoon } from "@web/components/page-header.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog.tsx";
import { Coins } from "lucide-react";

export type PurchaseBidsModalProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
};

/** Placeholder: replaced by the real package picker. */
export function PurchaseBidsModal({ open, onOpenChange }: PurchaseBidsModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 text-xl">
            <Coins className="size-5 text-primary" aria-hidden="true" />
            Purchase Bid Credits
          </DialogTitle>
          <DialogDescription>
            Choose a bid package to start winning premium silver and precious metals
          </DialogDescription>
        </DialogHeader>
        <ComingSoon />
      </DialogContent>
    </Dialog>
  );
}
