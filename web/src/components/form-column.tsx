import { TextField, type TextFieldProps } from "@web/components/text-field.tsx";
import { Form } from "@web/components/ui/form.tsx";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

/** One text field of a form's `fields` table: a TextField's props but the control, which the form passes. */
export type FieldRow<TFieldValues extends FieldValues> = Omit<
  TextFieldProps<TFieldValues, unknown>,
  "control"
>;

/**
 * A react-hook-form form laid out as one column, named `label` for assistive tech: its text fields
 * from a table (`fields`, in order), then `children` (other fields, messages, the submit button).
 */
export function FormColumn<TFieldValues extends FieldValues, TTransformedValues>({
  form,
  onSubmit,
  label,
  fields = [],
  children,
}: {
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  label: string;
  fields?: readonly FieldRow<TFieldValues>[];
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
        {fields.map((field) => (
          <TextField key={field.name} control={form.control} {...field} />
        ))}
        {children}
      </form>
    </Form>
  );
}
