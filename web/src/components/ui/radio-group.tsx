import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { withClassName } from "./with-class-name.tsx";

export const RadioGroup = withClassName(RadioGroupPrimitive.Root, "grid gap-2", "RadioGroup");

export const RadioGroupItem = withClassName(
  RadioGroupPrimitive.Item,
  "aspect-square size-4 shrink-0 rounded-full border border-input bg-card text-primary shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary",
  "RadioGroupItem",
  {
    renderChildren: () => (
      <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
        <span className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    ),
  },
);
