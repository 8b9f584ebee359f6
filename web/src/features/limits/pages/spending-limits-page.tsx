import { ConfirmDialog } from "@web/components/confirm-dialog.tsx";
import { SettingsCard, SettingsColumn } from "@web/components/settings-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { formatDateTimeWithYear } from "@web/lib/format-date.ts";
import { useLimits } from "@web/lib/spending-limits.ts";
import { toast } from "@web/lib/toast.ts";
import { type FormEvent, useEffect, useState } from "react";
import { formatPrice } from "#shared/money";
import type { LimitsView } from "#shared/schemas/limits";
import { useSelfExclude, useUpdateLimits } from "../api/spending-limits.ts";

const PERIODS = [
  { key: "daily", label: "Daily limit", spent: "day" },
  { key: "weekly", label: "Weekly limit", spent: "week" },
  { key: "monthly", label: "Monthly limit", spent: "month" },
] as const;

type PeriodKey = (typeof PERIODS)[number]["key"];

const AMOUNT_HELP = "Enter an amount in dollars, such as 50.00, or leave it empty for no limit.";

/** A limit as typed: empty (none) or a positive dollar amount with at most two decimals. */
function amountError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? null : AMOUNT_HELP;
}

function LimitsForm({ view }: { view: LimitsView }) {
  const update = useUpdateLimits();
  const [values, setValues] = useState({
    daily: view.daily ?? "",
    weekly: view.weekly ?? "",
    monthly: view.monthly ?? "",
  });
  useEffect(
    () => setValues({ daily: view.daily ?? "", weekly: view.weekly ?? "", monthly: view.monthly ?? "" }),
    [view],
  );
  const [errors, setErrors] = useState<Partial<Record<PeriodKey, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<PeriodKey, string>> = {};
    for (const { key } of PERIODS) {
      const error = amountError(values[key]);
      if (error) found[key] = error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { daily: values.daily || null, weekly: values.weekly || null, monthly: values.monthly || null },
      {
        onSuccess: (next) =>
          toast({
            variant: "success",
            title: "Limits saved",
            description: next.pending
              ? `Raised or removed limits apply from ${formatDateTimeWithYear(next.pending.effectiveAt)}.`
              : undefined,
          }),
      },
    );
  };
  return (
    <form className="grid gap-4" onSubmit={submit} aria-label="Purchase limits" noValidate>
      <WhatCounts />
      {PERIODS.map((period) => (
        <div key={period.key} className="grid gap-1.5 sm:grid-cols-[1fr_auto] sm:items-end sm:gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`limit-${period.key}`}>{period.label} ($)</Label>
            <Input
              id={`limit-${period.key}`}
              inputMode="decimal"
              placeholder="No limit"
              value={values[period.key]}
              aria-invalid={errors[period.key] ? true : undefined}
              aria-describedby={errors[period.key] ? `limit-${period.key}-error` : undefined}
              onChange={(e) => {
                setValues((v) => ({ ...v, [period.key]: e.target.value }));
                setErrors((current) => ({ ...current, [period.key]: undefined }));
              }}
            />
            {errors[period.key] && (
              <p id={`limit-${period.key}-error`} className="text-sm text-destructive">
                {errors[period.key]}
              </p>
            )}
          </div>
          <p className="text-sm text-muted-foreground" data-testid={`spent-${period.spent}`}>
            Spent: {formatPrice(view.spent[period.spent])}
          </p>
        </div>
      ))}
      {view.pending && (
        <p className="text-sm text-muted-foreground" data-testid="pending-limits">
          Changes that loosen a limit apply from {formatDateTimeWithYear(view.pending.effectiveAt)}.
        </p>
      )}
      <Button type="submit" size="lg" disabled={update.isPending}>
        Save limits
      </Button>
    </form>
  );
}

/** docs/architecture.md section 6, in the buyer's words: exactly which payments count. */
function WhatCounts() {
  return (
    <div className="grid gap-2 text-sm text-muted-foreground" data-testid="limits-rules">
      <p>
        Limits apply to bid package purchases. What counts: every bid package payment credited to you today,
        this week (from Monday) or this month, in UTC, at its price. Buy It Now and order payments do not
        count.
      </p>
      <p>
        You have one payment open at a time: starting a new one cancels a payment you started and did not
        finish. Each payment is checked again when it goes through: if it would pass a limit then, or you are
        self-excluded, it is refunded in full, adds no credits and does not count. A refund of a purchase that
        was credited does not give its amount back to your limit.
      </p>
    </div>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of days typed, when it is one the server takes (a whole number from 1 to 365). */
function exclusionDays(text: string): number | null {
  const days = Number(text);
  return /^\d+$/.test(text.trim()) && days >= 1 && days <= 365 ? days : null;
}

function SelfExclusion({ view }: { view: LimitsView }) {
  const exclude = useSelfExclude();
  const [days, setDays] = useState("7");
  const [confirming, setConfirming] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  if (view.selfExcludedUntil) {
    return (
      <p className="font-medium" data-testid="self-excluded">
        Self-excluded until {formatDateTimeWithYear(view.selfExcludedUntil)}. Purchases and bids are paused
        until then.
      </p>
    );
  }
  const valid = exclusionDays(days);
  return (
    <form
      className="grid gap-3"
      aria-label="Self-exclusion"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid === null) {
          setFieldError("Enter a whole number of days from 1 to 365.");
          return;
        }
        setFieldError(null);
        // Worked out when asked, in the viewer's time zone: what they agree to is a date they can read.
        setConfirming(formatDateTimeWithYear(new Date(Date.now() + valid * DAY_MS).toISOString()));
      }}
    >
      <p className="text-sm text-muted-foreground">
        Take a break: no purchases and no bids (your Bid Agents stop and return their credits) until it ends.
        A payment you started and did not finish is canceled, and any payment that goes through before it ends
        is refunded. It cannot be lifted early, not even by you.
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor="self-exclusion-days">Days (1 to 365)</Label>
        <Input
          id="self-exclusion-days"
          type="number"
          min={1}
          max={365}
          value={days}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "self-exclusion-days-error" : undefined}
          onChange={(e) => {
            setDays(e.target.value);
            setFieldError(null);
          }}
        />
        {fieldError && (
          <p id="self-exclusion-days-error" className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      <Button type="submit" variant="destructive" className="min-h-11" disabled={exclude.isPending}>
        Exclude me
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Exclude yourself until ${confirming}?`}
        description={`Until ${confirming} (your time) you cannot bid, buy bid credits or Buy It Now, and your Bid Agents stop. It cannot be lifted early, not even by you.`}
        confirmLabel="Yes, exclude me"
        busy={exclude.isPending}
        onConfirm={() =>
          valid !== null &&
          exclude.mutate(valid, {
            onSuccess: () => {
              setConfirming(null);
              toast({ title: "Self-exclusion started" });
            },
          })
        }
      />
    </form>
  );
}

/** /spending-limits: the user's own brakes on spending. */
export function SpendingLimitsPage() {
  const { data: view, isPending } = useLimits();
  return (
    <SettingsColumn title="Spending limits">
      <SettingsCard title="Purchase limits">
        {isPending || !view ? <p>Loading...</p> : <LimitsForm view={view} />}
      </SettingsCard>
      <SettingsCard title="Self-exclusion">{view && <SelfExclusion view={view} />}</SettingsCard>
    </SettingsColumn>
  );
}
