import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { toast } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import type { NotificationSettings } from "#shared/schemas/notifications";
import { useUpdateNotificationSettings } from "../api/notifications.ts";
import {
  type PushState,
  pushFailureReason,
  readPushState,
  turnOffPush,
  turnOnPush,
} from "../api/push-subscription.ts";
import { notificationQueries } from "../api/queries.ts";
import { ChoiceCheckbox } from "./choice-label.tsx";

const PUSH_CHOICES = [
  { key: "outbid", label: "Outbid", hint: "At most one per auction every 5 minutes." },
  { key: "won", label: "Auction won", hint: "Right when the clock reaches zero." },
  { key: "endingSoon", label: "Ending soon", hint: "Once per watched auction, at the minutes set above." },
] as const;

const STATE_TEXT: Record<PushState, string> = {
  unsupported:
    "This browser cannot receive push notifications. On an iPhone, add the site to your Home Screen first.",
  blocked: "Notifications are blocked for this site: allow them in your browser's site settings.",
  off: "Push notifications are off on this device.",
  on: "Push notifications are on for this device.",
};

/** The one button: what it does from each state of this device. */
const TOGGLES = {
  off: {
    label: "Turn on push notifications",
    run: turnOnPush,
    failure: "Could not turn on push notifications",
    variant: "default",
  },
  on: {
    label: "Turn off push notifications",
    run: turnOffPush,
    failure: "Could not turn off push notifications",
    variant: "outline",
  },
} as const;

/** Which alerts go as a push (every device where push is on): each switch saves at once. */
function PushChoices({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">Push me when</legend>
      {PUSH_CHOICES.map((choice) => (
        <ChoiceCheckbox
          key={choice.key}
          choice={choice}
          asSwitch="box"
          checked={settings.push[choice.key]}
          disabled={update.isPending}
          onCheckedChange={(checked) =>
            update.mutate(
              { ...settings, push: { ...settings.push, [choice.key]: checked } },
              { onSuccess: () => toast({ variant: "success", title: "Push settings saved" }) },
            )
          }
        />
      ))}
    </fieldset>
  );
}

/** The notifications page's push section: this device's subscription, and which alerts to push. */
export function PushSettings() {
  const { data: settings } = useQuery(notificationQueries.notifications());
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  // Why the last try failed, kept on the card until the next one.
  const [failed, setFailed] = useState<{ title: string; reason: string } | null>(null);
  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState("unsupported"),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (to: () => Promise<PushState>, failure: string) => {
    setBusy(true);
    setFailed(null);
    try {
      setState(await to());
    } catch (error) {
      const reason = pushFailureReason(error);
      setFailed({ title: failure, reason });
      toast({ variant: "destructive", title: failure, description: reason });
    } finally {
      setBusy(false);
    }
  };

  const toggle = state === "on" || state === "off" ? TOGGLES[state] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Push notifications</CardTitle>
        <CardDescription>Alerts on this device, even when the site is closed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p role="status" className="text-sm">
          {state ? STATE_TEXT[state] : "Checking this device..."}
        </p>
        {failed && (
          <p className="text-sm text-destructive" data-testid="push-failure">
            {failed.title}: {failed.reason}
          </p>
        )}
        {toggle && (
          <Button
            type="button"
            size="lg"
            variant={toggle.variant}
            disabled={busy}
            onClick={() => change(toggle.run, toggle.failure)}
          >
            {toggle.label}
          </Button>
        )}
        {settings && <PushChoices settings={settings} />}
      </CardContent>
    </Card>
  );
}
