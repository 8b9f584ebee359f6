import { DialogActions, TitledDialog } from "@web/components/titled-dialog.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { useState } from "react";
import { type AdminUser, MIN_RESET_PASSWORD_LENGTH } from "#shared/schemas/admin";
import { useResetUserPassword } from "../api/reset-password.ts";

/** A plain-text new password (the admin reads it out to the user); signs the user out everywhere. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const reset = useResetUserPassword();
  const [password, setPassword] = useState("");
  const close = () => {
    setPassword("");
    onClose();
  };
  const tooShort = password.length < MIN_RESET_PASSWORD_LENGTH;
  return (
    <TitledDialog
      open={user !== null}
      onOpenChange={(open) => !open && close()}
      title="Reset Password"
      description={
        <>
          Set a new password for <strong>{user?.username}</strong>. They will be signed out everywhere.
        </>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!user || tooShort) return;
          reset.mutate({ id: user.id, newPassword: password }, { onSuccess: close });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="reset-password">New Password</Label>
          <Input
            id="reset-password"
            type="text"
            autoComplete="off"
            placeholder={`At least ${MIN_RESET_PASSWORD_LENGTH} characters`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <DialogActions onCancel={close} label="Reset Password" disabled={tooShort || reset.isPending} />
      </form>
    </TitledDialog>
  );
}
