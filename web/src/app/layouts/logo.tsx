import { paths } from "@web/config/paths.ts";
import { cn } from "@web/lib/utils.ts";
import { Link } from "react-router";

export const BRAND_NAME = "Precious Metals Auctions";

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <rect width="32" height="32" rx="8" fill="#111a2e" stroke="#334155" />
      <path d="M7 22h18l-2.6-8H9.6z" fill="#f59e0b" />
      <path d="M10.4 13h11.2l-1.6-4.5h-8z" fill="#fcd34d" />
      <path d="M7 22h18" stroke="#92400e" strokeWidth="1.2" />
    </svg>
  );
}

/** `collapse`: below 420 px wide only the mark shows (the header has no room for the words). */
export function Logo({ onClick, collapse = false }: { onClick?: () => void; collapse?: boolean }) {
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onClick}
      className="flex shrink-0 items-center gap-2 rounded-md text-white"
    >
      <LogoMark />
      {/* The link's name is its visible words (collapsed: still read, not shown). */}
      <span className={cn("flex flex-col leading-none", collapse && "max-[419px]:sr-only")}>
        <span className="text-[15px] font-bold tracking-tight sm:text-base">Precious Metals</span>{" "}
        <span className="mt-0.5 text-[10px] font-semibold uppercase tracking-[0.25em] text-gold">
          Auctions
        </span>
      </span>
    </Link>
  );
}
