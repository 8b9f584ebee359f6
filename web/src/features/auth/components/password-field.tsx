import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form.tsx";
import { Input } from "@web/components/ui/input.tsx";
import type { Control, FieldPath, FieldValues } from "react-hook-form";

type PasswordFieldProps<TFieldValues extends FieldValues, TTransformedValues> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: string;
  autoComplete: "current-password" | "new-password";
  placeholder: string;
};

/** A labelled password input with its validation message under it. */
export function PasswordField<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  name,
  label,
  autoComplete,
  placeholder,
}: PasswordFieldProps<TFieldValues, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="password" autoComplete={autoComplete} placeholder={placeholder} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
