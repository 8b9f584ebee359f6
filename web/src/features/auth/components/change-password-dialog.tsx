import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { toast } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { changePasswordFormSchema } from "#shared/schemas/auth";
import type * as z from "#shared/schemas/zod";
import { useChangePassword } from "../api/change-password.ts";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

const FIELDS: readonly FieldRow<typeof EMPTY>[] = [
  {
    name: "currentPassword",
    label: "Current Password",
    type: "password",
    autoComplete: "current-password",
    placeholder: "Your current password",
  },
  {
    name: "newPassword",
    label: "New Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "At least 8 characters",
  },
  {
    name: "confirmPassword",
    label: "Confirm New Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "Repeat the new password",
  },
];

/** The signed-in user's own password change; this browser stays signed in, every other session ends. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const form = useForm<
    z.input<typeof changePasswordFormSchema>,
    unknown,
    z.output<typeof changePasswordFormSchema>
  >({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  // Typed passwords must not survive a closed dialog.
  const close = () => {
    form.reset(EMPTY);
    change.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast({
          variant: "success",
          title: "Password changed",
          description: "Other devices have been signed out.",
        });
        close();
      },
    }),
  );

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Change Password"
      description="Enter your current password and choose a new one. You stay signed in here; other devices are
            signed out."
    >
      <FormColumn form={form} onSubmit={onSubmit} label="Change password" fields={FIELDS}>
        <DialogActions
          onCancel={close}
          label={change.isPending ? "Changing..." : "Change Password"}
          disabled={change.isPending}
        />
      </FormColumn>
    </TitledDialog>
  );
}
