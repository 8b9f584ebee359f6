import { zodResolver } from "@hookform/resolvers/zod";
import { getServerMessage } from "@web/lib/api-client.ts";
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type * as z from "#shared/schemas/zod";

type ObjectSchema = z.ZodMiniType<FieldValues, FieldValues>;

/**
 * A react-hook-form form checked by the same zod schema the API checks: the values as typed
 * (`z.input`) in, the parsed values (`z.output`) out of `handleSubmit`.
 */
export function useSchemaForm<TSchema extends ObjectSchema>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
}

/** Shows a refused request's message (or the fallback) under the field it concerns. */
export function serverError<TFieldValues extends FieldValues, TTransformed>(
  form: UseFormReturn<TFieldValues, unknown, TTransformed>,
  name: FieldPath<TFieldValues>,
  failure: unknown,
  fallback: string,
) {
  form.setError(name, { message: getServerMessage(failure, fallback) });
}
