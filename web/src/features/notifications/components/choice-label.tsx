import { Label } from "@web/components/ui/label.tsx";
import type { ReactNode } from "react";

/** One on/off choice of the notification settings: its checkbox or switch (`children`), a name and a line of help. */
export function ChoiceLabel({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Label className="flex min-h-11 items-start gap-3 font-normal">
      {children}
      <span className="grid gap-1">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-muted-foreground">{hint}</span>
      </span>
    </Label>
  );
}

/** A choice that is a plain checkbox; `role="switch"` where turning it saves at once. */
export function ChoiceCheckbox({
  choice,
  checked,
  onCheckedChange,
  disabled,
  role,
}: {
  choice: { label: string; hint: string };
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  role?: "switch";
}) {
  return (
    <ChoiceLabel label={choice.label} hint={choice.hint}>
      <input
        type="checkbox"
        role={role}
        aria-checked={role ? checked : undefined}
        className="size-6 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
    </ChoiceLabel>
  );
}
