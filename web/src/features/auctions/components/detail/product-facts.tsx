import { cn } from "@web/lib/utils.ts";

/** One line of the Product Details card; `capitalize` for words stored in lower case (the metal type), never for units ("1 oz"). */
export function Detail({
  label,
  value,
  capitalize = false,
}: {
  label: string;
  value: string;
  capitalize?: boolean;
}) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("text-right font-medium", capitalize && "capitalize")}>{value}</dd>
    </div>
  );
}
