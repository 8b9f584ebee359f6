import { cn } from "@web/lib/utils.ts";
import { CreditCard, ShieldCheck, Zap } from "lucide-react";

const BADGES = [
  { icon: ShieldCheck, label: "Secure Payment" },
  { icon: CreditCard, label: "Powered by Stripe" },
  { icon: Zap, label: "Instant Delivery" },
] as const;

export function TrustBadges({ className }: { className?: string }) {
  return (
    <ul
      aria-label="Why buy with us"
      className={cn(
        "flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-xs text-muted-foreground",
        className,
      )}
    >
      {BADGES.map(({ icon: Icon, label }) => (
        <li key={label} className="inline-flex items-center gap-1.5">
          <Icon className="size-4 text-success" aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
