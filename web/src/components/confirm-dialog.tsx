import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={title}
      description={description}
    >
      <DialogActions
        onCancel={() => onOpenChange(false)}
        label={confirmLabel}
        disabled={busy}
        variant="destructive"
        onAction={onConfirm}
      />
    </TitledDialog>
  );
}
