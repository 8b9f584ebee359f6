import { TextField, type TextFieldProps } from "@web/components/text-field.tsx";
import type { FieldValues } from "react-hook-form";

/** "Your password": what the account pages ask before a change that needs proof it is you. */
export function CurrentPasswordField<TFieldValues extends FieldValues, TTransformedValues>(
  props: Pick<TextFieldProps<TFieldValues, TTransformedValues>, "control" | "name">,
) {
  return <TextField label="Your password" type="password" autoComplete="current-password" {...props} />;
}
