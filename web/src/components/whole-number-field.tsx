import { TextField, type TextFieldProps } from "@web/components/text-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import type { ComponentProps } from "react";
import type { FieldValues } from "react-hook-form";

/** The attributes of every whole-number input: a number in steps of 1, a numeric keypad on phones. */
const WHOLE_NUMBER = { type: "number", inputMode: "numeric", step: 1 } as const;

/** An input for a whole number, outside a react-hook-form form. */
export function WholeNumberInput(props: Omit<ComponentProps<"input">, keyof typeof WHOLE_NUMBER>) {
  return <Input {...props} {...WHOLE_NUMBER} />;
}

export function WholeNumberField<TFieldValues extends FieldValues, TTransformedValues>(
  props: Omit<TextFieldProps<TFieldValues, TTransformedValues>, keyof typeof WHOLE_NUMBER | "rows">,
) {
  return <TextField {...props} {...WHOLE_NUMBER} />;
}
