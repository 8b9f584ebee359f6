import { ChevronDown } from "lucide-react";

/** What the account menu's button shows: the user's initial and a chevron. */
export function AccountAvatar({ username }: { username: string }) {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-slate-200 to-slate-400 text-sm font-bold uppercase text-slate-900">
        {username.charAt(0)}
      </span>
      <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
    </>
  );
}

/** The classes of the account menu's button, shared with its placeholder so nothing moves when it loads. */
export const ACCOUNT_BUTTON_CLASS =
  "flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-header-foreground";
