import { DialogActions, TitledDialog, type TitledDialogFrame } from "@web/components/titled-dialog.tsx";

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  confirmLabel,
  busy,
  onConfirm,
  ...frame
}: TitledDialogFrame & {
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog {...frame} role="alertdialog">
      <DialogActions
        onCancel={() => frame.onOpenChange(false)}
        label={confirmLabel}
        disabled={busy}
        variant="destructive"
        onAction={onConfirm}
      />
    </TitledDialog>
  );
}
