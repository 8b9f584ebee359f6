import { Label } from "@web/components/ui/label.tsx";

/** The switch's track, drawn beside its hidden native checkbox, which drives it. */
const TRACK =
  "relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-muted-foreground/40 transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-background after:shadow after:transition-transform peer-checked:after:translate-x-5";

/**
 * One on/off choice of the notification settings, with a name and a line of help: a checkbox, or a
 * switch (`role="switch"`) where turning it saves at once or (`asSwitch: "track"`) drawn as a track.
 */
export function ChoiceCheckbox({
  choice,
  checked,
  onCheckedChange,
  disabled,
  asSwitch,
}: {
  choice: { label: string; hint: string };
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  asSwitch?: "box" | "track";
}) {
  return (
    <Label className="flex min-h-11 items-start gap-3 font-normal">
      <input
        type="checkbox"
        role={asSwitch ? "switch" : undefined}
        aria-checked={asSwitch ? checked : undefined}
        className={asSwitch === "track" ? "peer sr-only" : "size-6 shrink-0 accent-primary"}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      {asSwitch === "track" && <span aria-hidden="true" className={TRACK} />}
      <span className="grid gap-1">
        <span className="font-medium">{choice.label}</span>
        <span className="text-sm text-muted-foreground">{choice.hint}</span>
      </span>
    </Label>
  );
}
