import { useQuery } from "@tanstack/react-query";
import { type FieldRow, FormColumn } from "@web/components/form-column.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { SITE_NAME } from "@web/lib/document-title.ts";
import { serverError, useSchemaForm } from "@web/lib/schema-form.ts";
import { toast } from "@web/lib/toast.ts";
import { Copy, Download } from "lucide-react";
import { useEffect, useState } from "react";
import {
  currentPasswordFormSchema,
  disableTwoFactorSchema,
  type TwoFactorSetupView,
  twoFactorCodeSchema,
} from "#shared/schemas/accounts";
import type * as z from "#shared/schemas/zod";
import {
  accountsQueries,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
} from "../api/accounts.ts";
import { CurrentPasswordField } from "../components/current-password-field.tsx";
import { PasskeysSection } from "../components/passkeys-section.tsx";

/** The otpauth URI as an SVG QR code, drawn in the browser: the secret never leaves for an image service. */
function QrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The QR library loads only when a setup starts.
    void import("qrcode").then((qr) =>
      qr.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!svg) return <div className="size-48 animate-pulse rounded bg-muted" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      className="size-48 rounded border bg-white"
      data-testid="totp-qr"
    />
  );
}

/** The codes as a text file's lines, with what they are for. */
function codesText(codes: string[]): string {
  return `${SITE_NAME} recovery codes (each signs you in once)\n\n${codes.join("\n")}\n`;
}

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codesText(codes));
    toast({ variant: "success", title: "Recovery codes copied" });
  } catch {
    toast({
      variant: "destructive",
      title: "Could not copy",
      description: "This browser did not allow it: use Download, or select the codes and copy them.",
    });
  }
}

function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "recovery-codes.txt";
  link.click();
  URL.revokeObjectURL(url);
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Save your recovery codes</CardTitle>
        <CardDescription>
          Each code signs you in once if you lose your phone. They are shown only now: print them or keep them
          in a password manager.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code} className="rounded bg-muted px-2 py-1 text-center" data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={() => void copyCodes(codes)}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button variant="outline" onClick={() => downloadCodes(codes)}>
            <Download aria-hidden="true" />
            Download
          </Button>
        </div>
        <Button onClick={onDone}>I have saved them</Button>
      </CardContent>
    </Card>
  );
}

const CONFIRM_FIELDS: readonly FieldRow<z.input<typeof twoFactorCodeSchema>>[] = [
  { name: "code", label: "Code from the app", inputMode: "numeric", autoComplete: "one-time-code" },
];

function Enrol({
  setup,
  confirm,
}: {
  setup: TwoFactorSetupView;
  confirm: ReturnType<typeof useConfirmTwoFactor>;
}) {
  const form = useSchemaForm(twoFactorCodeSchema, { code: "" });
  const onSubmit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onError: (failure) => serverError(form, "code", failure, "Could not check the code"),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Scan the code</CardTitle>
        <CardDescription>
          Scan it with an authenticator app (Google Authenticator, 1Password, Authy...), then type the 6
          digits it shows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <QrCode uri={setup.otpauthUri} />
          <div className="grid min-w-0 gap-1 text-sm">
            <p className="text-muted-foreground">Cannot scan? Enter this key in the app:</p>
            <code className="break-all rounded bg-muted px-2 py-1 font-mono" data-testid="totp-secret">
              {setup.secret}
            </code>
          </div>
        </div>
        <FormColumn form={form} onSubmit={onSubmit} label="Confirm two-factor" fields={CONFIRM_FIELDS}>
          <Button type="submit" disabled={confirm.isPending || !form.watch("code").trim()}>
            Turn on two-factor
          </Button>
        </FormColumn>
      </CardContent>
    </Card>
  );
}

function Disable() {
  const disable = useDisableTwoFactor();
  const form = useSchemaForm(disableTwoFactorSchema, { password: "", code: "" });
  const [password, code] = form.watch(["password", "code"]);
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => toast({ variant: "success", title: "Two-factor authentication is off" }),
      onError: (failure) => serverError(form, "code", failure, "Could not turn it off"),
    }),
  );
  return (
    <FormColumn form={form} onSubmit={onSubmit} label="Turn off two-factor">
      <CurrentPasswordField control={form.control} name="password" />
      <TextField
        control={form.control}
        name="code"
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
      />
      <Button type="submit" variant="outline" disabled={disable.isPending || !password || !code.trim()}>
        Turn off two-factor
      </Button>
    </FormColumn>
  );
}

/** Setting up asks for the password again: a session left open is not enough to lock the owner out. */
function Start({ start }: { start: ReturnType<typeof useStartTwoFactor> }) {
  const form = useSchemaForm(currentPasswordFormSchema, { password: "" });
  const onSubmit = form.handleSubmit(({ password }) =>
    start.mutate(password, {
      onError: (failure) => serverError(form, "password", failure, "Could not start the setup"),
    }),
  );
  return (
    <FormColumn form={form} onSubmit={onSubmit} label="Set up two-factor">
      <CurrentPasswordField control={form.control} name="password" />
      <Button type="submit" disabled={start.isPending || !form.watch("password")}>
        Set up two-factor
      </Button>
    </FormColumn>
  );
}

/**
 * /account/two-factor, the sign-in security page: turn on sign-in with an authenticator app, see what
 * is left, turn it off; add, list and remove passkeys.
 */
export function TwoFactorPage() {
  const { data: status, isPending, isError } = useQuery(accountsQueries.twoFactor());
  const start = useStartTwoFactor();
  // Held here, not in the form: the form is gone once the status says "on", and the codes must stay.
  const confirm = useConfirmTwoFactor();
  const [saved, setSaved] = useState(false);
  const codes = confirm.data && !saved ? confirm.data.recoveryCodes : null;
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-2xl gap-6">
        <PageHeader
          title="Sign-in security"
          description="Passkeys, and a code from an app on your phone after your password: either way a stolen password is not enough."
          className="mb-0"
        />
        {status?.required && !status.enabled ? (
          <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
            Staff accounts must use two-factor authentication. Set it up here to use the admin pages.
          </p>
        ) : null}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setSaved(true)} />
        ) : isPending ? (
          <p>Loading...</p>
        ) : isError || !status ? (
          <p>Could not load your settings. Please refresh the page.</p>
        ) : status.enabled ? (
          <Card>
            <CardHeader>
              <CardTitle>Two-factor authentication is on</CardTitle>
              <CardDescription>
                {status.recoveryCodesLeft} of 10 recovery codes left.
                {status.required ? " Staff accounts must keep it on." : ""}
              </CardDescription>
            </CardHeader>
            {status.required ? null : (
              <CardContent>
                <Disable />
              </CardContent>
            )}
          </Card>
        ) : start.data ? (
          <Enrol setup={start.data} confirm={confirm} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Two-factor authentication is off</CardTitle>
              <CardDescription>You will need an authenticator app on your phone.</CardDescription>
            </CardHeader>
            <CardContent>
              <Start start={start} />
            </CardContent>
          </Card>
        )}
        <PasskeysSection />
      </div>
    </PageContainer>
  );
}
