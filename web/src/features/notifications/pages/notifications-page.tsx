import { useQuery } from "@tanstack/react-query";
import { SettingsCard, SettingsColumn } from "@web/components/settings-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { toast } from "@web/lib/toast.ts";
import { type FormEvent, useEffect, useState } from "react";
import { MAX_ENDING_SOON_MINUTES, type NotificationSettings } from "#shared/schemas/notifications";
import { useUpdateNotificationSettings } from "../api/notifications.ts";
import { notificationQueries } from "../api/queries.ts";
import { ChoiceCheckbox } from "../components/choice-label.tsx";
import { PushSettings } from "../components/push-settings.tsx";

const CHOICES = [
  {
    key: "outbid",
    label: "Outbid",
    hint: "Someone bid over you on an auction you led (at most one email per auction every 5 minutes).",
  },
  { key: "won", label: "Auction won", hint: "You won an auction, with a link to check out." },
  {
    key: "endingSoon",
    label: "Ending soon",
    hint: "An auction you watch is about to end: one email per auction, the first time it has the minutes below or less left.",
  },
  { key: "marketing", label: "News and offers", hint: "Occasional news about new auctions and offers." },
] as const;

const BID_AUCTIONS_CHOICE = {
  label: "Also alert me about auctions I've bid on",
  hint: "The ending-soon email also for auctions you bid on (yourself or by a Bid Agent), not only those you watch; they do not appear under Watching.",
};

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const [values, setValues] = useState(settings);
  useEffect(() => setValues(settings), [settings]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(values, {
      onSuccess: () => toast({ variant: "success", title: "Email settings saved" }),
    });
  };
  return (
    <form className="grid gap-4" onSubmit={submit} aria-label="Email notifications">
      {CHOICES.map((choice) => (
        <ChoiceCheckbox
          key={choice.key}
          choice={choice}
          checked={values[choice.key]}
          onCheckedChange={(checked) => setValues((v) => ({ ...v, [choice.key]: checked }))}
        />
      ))}
      <ChoiceCheckbox
        choice={BID_AUCTIONS_CHOICE}
        asSwitch="track"
        checked={values.alertsForBidAuctions}
        onCheckedChange={(checked) => setValues((v) => ({ ...v, alertsForBidAuctions: checked }))}
      />
      <div className="grid gap-1">
        <Label htmlFor="ending-soon-minutes">Minutes before the end (ending soon)</Label>
        <Input
          id="ending-soon-minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ENDING_SOON_MINUTES}
          step={1}
          className="w-28"
          value={values.endingSoonMinutes}
          onChange={(event) => setValues((v) => ({ ...v, endingSoonMinutes: Number(event.target.value) }))}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Receipts (bid purchases, paid orders), shipping notices and account emails are always sent.
      </p>
      <Button type="submit" size="lg" disabled={update.isPending}>
        Save settings
      </Button>
    </form>
  );
}

/** /notifications: which optional emails the user gets. */
export function NotificationsPage() {
  const { data: settings, isPending } = useQuery(notificationQueries.notifications());
  return (
    <SettingsColumn title="Email notifications">
      <SettingsCard title="Emails we send you">
        {isPending || !settings ? <p>Loading...</p> : <SettingsForm settings={settings} />}
      </SettingsCard>
      <PushSettings />
    </SettingsColumn>
  );
}
