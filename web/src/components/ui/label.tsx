import { Label as LabelPrimitive } from "radix-ui";
import { withClassName } from "./with-class-name.tsx";

export const Label = withClassName(
  LabelPrimitive.Root,
  "text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
  "Label",
);
