import { useUser } from "@web/lib/current-user.ts";
import { welcomeDue } from "@web/lib/welcome.ts";
import { forgetWelcome } from "@web/lib/welcome-mark.ts";
import { useState } from "react";
import { VerifyEmailBanner } from "./verify-email-banner.tsx";
import { WelcomePanel } from "./welcome-panel.tsx";

/**
 * Under the header: the welcome panel while it is due (its first step asks for the address, so it stands
 * in for the verify banner), else the verify banner for an unproved address.
 */
export function AccountNotice() {
  const { data: user } = useUser();
  const [dismissed, setDismissed] = useState(false);
  if (!user) return null;
  if (!dismissed && welcomeDue(user.id)) {
    return (
      <WelcomePanel
        onDismiss={() => {
          forgetWelcome();
          setDismissed(true);
        }}
      />
    );
  }
  return <VerifyEmailBanner />;
}
