import { TextField, type TextFieldProps } from "@web/components/text-field.tsx";
import type { FieldValues } from "react-hook-form";

type PasswordFieldProps<TFieldValues extends FieldValues, TTransformedValues> = Pick<
  TextFieldProps<TFieldValues, TTransformedValues>,
  "control" | "name" | "placeholder"
> & {
  label: string;
  autoComplete: "current-password" | "new-password";
};

/** A labelled password input with its validation message under it. */
export function PasswordField<TFieldValues extends FieldValues, TTransformedValues>(
  props: PasswordFieldProps<TFieldValues, TTransformedValues>,
) {
  return <TextField type="password" {...props} />;
}
