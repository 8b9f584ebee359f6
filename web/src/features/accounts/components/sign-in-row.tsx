import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * One row of a sign-in list (a session, a passkey): its icon and `text` (what it is, when it was
 * used), then what can be done to it (`children`).
 */
export function SignInRow({
  testId,
  icon: Icon,
  text,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid={testId}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">{text}</div>
      </div>
      {children}
    </li>
  );
}
