import { useQuery } from "@tanstack/react-query";
import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { FormColumn } from "@web/components/form-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { formatDateTime } from "@web/lib/format-date.ts";
import { browserHasPasskeys, openedByAddress } from "@web/lib/passkeys.ts";
import { serverError, useSchemaForm } from "@web/lib/schema-form.ts";
import { toast } from "@web/lib/toast.ts";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { currentPasswordFormSchema } from "#shared/schemas/accounts";
import type { PasskeyView } from "#shared/schemas/passkeys";
import { passkeysQuery, useAddPasskey, useRemovePasskey } from "../api/passkeys.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { SignInRow } from "./sign-in-row.tsx";

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const remove = useRemovePasskey();
  const [asking, setAsking] = useState(false);
  return (
    <SignInRow
      testId="passkey-row"
      icon={KeyRound}
      text={
        <>
          <p className="break-words font-medium">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            Added {formatDateTime(passkey.createdAt)} · Last used{" "}
            {formatDateTime(passkey.lastUsedAt, "never")}
          </p>
        </>
      }
    >
      <Button variant="outline" size="sm" className="self-start sm:self-auto" onClick={() => setAsking(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Remove this passkey?"
        description={`"${passkey.name}" will no longer sign you in. You can add it again later.`}
        confirmLabel="Remove passkey"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSuccess: () => {
              setAsking(false);
              toast({ variant: "success", title: "Passkey removed" });
            },
          })
        }
      />
    </SignInRow>
  );
}

/**
 * Adding one asks for the password again: a session left open is not enough to plant a passkey. A
 * refusal (wrong password, address not verified) shows on the field.
 */
function AddPasskey() {
  const add = useAddPasskey();
  const form = useSchemaForm(currentPasswordFormSchema, { password: "" });
  const onSubmit = form.handleSubmit(({ password }) =>
    add.mutate(password, {
      onSuccess: (added) => {
        form.reset();
        toast({ variant: "success", title: "Passkey added", description: added.name });
      },
      onError: (failure) => serverError(form, "password", failure, "Could not add the passkey"),
    }),
  );
  return (
    <FormColumn form={form} onSubmit={onSubmit} label="Add a passkey">
      <CurrentPasswordField control={form.control} name="password" />
      <Button
        type="submit"
        className="justify-self-start"
        disabled={add.isPending || !form.watch("password")}
      >
        {add.isPending ? "Waiting for your device..." : "Add a passkey"}
      </Button>
    </FormColumn>
  );
}

/** Passkeys: sign in with the device's fingerprint, face or PIN instead of the password. */
export function PasskeysSection() {
  const { data: passkeys, isPending, isError } = useQuery(passkeysQuery());
  const supported = browserHasPasskeys();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey cannot be
          phished or guessed, and it counts as two-factor on its own.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <p>Loading...</p>
        ) : isError || !passkeys ? (
          <p>Could not load your passkeys. Please refresh the page.</p>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported ? (
          <AddPasskey />
        ) : (
          <p className="text-sm text-muted-foreground">
            {openedByAddress()
              ? "Passkeys work only when the site is opened by its name (such as localhost), not by an IP address."
              : "This browser cannot use passkeys."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
