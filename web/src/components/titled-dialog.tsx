import { Button, type ButtonProps } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog.tsx";
import type { ReactNode } from "react";

/** What every titled dialog is given by its caller: whether it is open, and its heading. */
export interface TitledDialogFrame {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
}

/** A dialog with its title and the line under it, then its body (a form ending in DialogActions). */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  role,
  children,
}: TitledDialogFrame & {
  className?: string;
  role?: "alertdialog";
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Radix names the content a dialog unless told otherwise: an absent role must not be passed as undefined. */}
      <DialogContent className={className} {...(role ? { role } : {})}>
        <DialogHeading title={title} description={description} />
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's title and the line under it; `children` are what else belongs up there (a notice). */
export function DialogHeading({
  title,
  description,
  className,
  titleClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}) {
  return (
    <DialogHeader className={className}>
      <DialogTitle className={titleClassName}>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
    </DialogHeader>
  );
}

/**
 * A dialog's Cancel and its main action: inside a form the action submits it; given `onAction`, it
 * does that instead.
 */
export function DialogActions({
  onCancel,
  cancelDisabled,
  label,
  disabled,
  variant,
  onAction,
}: {
  onCancel: () => void;
  cancelDisabled?: boolean;
  label: ReactNode;
  disabled?: boolean;
  variant?: ButtonProps["variant"];
  onAction?: () => void;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type={onAction ? "button" : "submit"} variant={variant} disabled={disabled} onClick={onAction}>
        {label}
      </Button>
    </DialogFooter>
  );
}
