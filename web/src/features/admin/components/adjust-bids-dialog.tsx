import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { WholeNumberInput } from "@web/components/whole-number-field.tsx";
import { useState } from "react";
import { plural } from "#shared/plural";
import type { AdminUser } from "#shared/schemas/admin";
import { useAdjustUserBids } from "../api/adjust-bids.ts";
import { parseAdjustment, previewBalance } from "./adjustment.ts";

export function AdjustBidsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const adjust = useAdjustUserBids();
  const [text, setText] = useState("");
  const close = () => {
    setText("");
    onClose();
  };
  const amount = parseAdjustment(text);
  const current = user?.bidBalance ?? 0;
  return (
    <TitledDialog
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title="Adjust Bid Balance"
      description={
        <>
          Add credits with a positive number, remove them with a negative one, for{" "}
          <strong>{user?.username}</strong>.
        </>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!user || amount === null) return;
          adjust.mutate({ id: user.id, amount }, { onSuccess: close });
        }}
      >
        <p className="rounded-md bg-muted p-3 text-sm">
          Current balance: <strong data-testid="current-balance">{current} credits</strong>
        </p>
        <div className="grid gap-2">
          <Label htmlFor="adjust-amount">Amount</Label>
          <WholeNumberInput
            id="adjust-amount"
            placeholder="e.g. 50 or -10"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={text !== "" && amount === null}
          />
          {text !== "" && amount === null && (
            <p className="text-sm font-medium text-destructive" role="alert">
              Enter a whole number other than 0
            </p>
          )}
        </div>
        <p className="text-sm" aria-live="polite">
          New balance:{" "}
          <strong data-testid="balance-preview">
            {amount === null ? "—" : plural(previewBalance(current, amount), "credit")}
          </strong>
        </p>
        <DialogActions onCancel={close} label="Adjust Bids" disabled={amount === null || adjust.isPending} />
      </form>
    </TitledDialog>
  );
}
