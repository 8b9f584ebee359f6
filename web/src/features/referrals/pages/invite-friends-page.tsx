import { SettingsCard, SettingsColumn } from "@web/components/settings-column.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { useAppConfig } from "@web/lib/app-config.ts";
import { toast } from "@web/lib/toast.ts";
import { Copy } from "lucide-react";
import { useReferral } from "../api/referrals.ts";

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ variant: "success", title: "Invitation link copied" });
  } catch {
    toast({
      variant: "destructive",
      title: "Could not copy",
      description: "This browser did not allow it: select the link and copy it.",
    });
  }
}

/** The account's invitation link, a Copy button, and how many friends joined and earned the free bids. */
export function InviteFriendsPage() {
  const referral = useReferral();
  const bids = useAppConfig().data?.referralBids ?? 10;
  return (
    <SettingsColumn title="Invite friends">
      <SettingsCard title="Your invitation link">
        <div className="grid gap-4">
          <p className="text-muted-foreground text-sm">
            A friend who registers with this link, verifies their email address and buys their first bid
            package gets {bids} free bids, and so do you. Free bids count at $0 toward Buy It Now and in
            all-in figures. Up to 50 rewarded invitations a year.
          </p>
          {referral.isError ? (
            <p role="alert" className="text-destructive text-sm">
              Could not load your invitation link. Please try again.
            </p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="invite-link">Invitation link</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="invite-link"
                  readOnly
                  value={referral.data?.link ?? ""}
                  placeholder={referral.isPending ? "Loading…" : undefined}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono"
                />
                <Button
                  type="button"
                  variant="outline"
                  disabled={!referral.data}
                  onClick={() => referral.data && void copyLink(referral.data.link)}
                >
                  <Copy aria-hidden="true" />
                  Copy
                </Button>
              </div>
            </div>
          )}
        </div>
      </SettingsCard>
      <SettingsCard title="Your invitations">
        <dl className="grid grid-cols-2 gap-4" aria-busy={referral.isPending}>
          <div className="rounded-md border p-4">
            <dt className="text-muted-foreground text-sm">Friends who joined</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="referral-invited">
              {referral.data?.invited ?? "–"}
            </dd>
          </div>
          <div className="rounded-md border p-4">
            <dt className="text-muted-foreground text-sm">Friends who earned you free bids</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="referral-rewarded">
              {referral.data?.rewarded ?? "–"}
            </dd>
          </div>
        </dl>
      </SettingsCard>
    </SettingsColumn>
  );
}
