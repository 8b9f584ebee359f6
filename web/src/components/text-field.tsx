import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@web/components/ui/form.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";

type InputProps = Omit<
  ComponentProps<"input">,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "children"
>;

export type TextFieldProps<TFieldValues extends FieldValues, TTransformedValues> = InputProps & {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: FieldPath<TFieldValues>;
  label: ReactNode;
  /** A hint under the input, above its validation message. */
  description?: ReactNode;
  /** A multi-line text of this many rows instead of one line. */
  rows?: number;
};

/**
 * A labelled input of a react-hook-form form with its hint and its validation message under it: the
 * one shape of every text, number and password field. An absent optional value shows as empty.
 */
export function TextField<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  name,
  label,
  description,
  rows,
  ...inputProps
}: TextFieldProps<TFieldValues, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {rows ? (
              <Textarea
                rows={rows}
                placeholder={inputProps.placeholder}
                {...field}
                value={field.value ?? ""}
              />
            ) : (
              <Input {...inputProps} {...field} value={field.value ?? ""} />
            )}
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
