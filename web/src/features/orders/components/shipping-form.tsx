import { Button } from "@web/components/ui/button.tsx";
import { Input, inputClassName } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { ApiError } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.ts";
import { cn } from "@web/lib/utils.ts";
import {
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { SHIPPING_COUNTRIES, US_STATES } from "#shared/addresses";
import { DEFAULT_COUNTRY } from "#shared/constants";
import {
  MISSING_SHIPPING_MESSAGE,
  MISSING_SHIPPING_TITLE,
  type ShippingAddress,
  shippingAddressSchema,
} from "#shared/schemas/orders";

type Field =
  | "shippingName"
  | "shippingCountry"
  | "shippingAddress"
  | "shippingCity"
  | "shippingState"
  | "shippingZip";
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELD_ORDER: Field[] = [
  "shippingName",
  "shippingCountry",
  "shippingAddress",
  "shippingCity",
  "shippingState",
  "shippingZip",
];

const EMPTY: Values = {
  shippingName: "",
  shippingCountry: DEFAULT_COUNTRY,
  shippingAddress: "",
  shippingCity: "",
  shippingState: "",
  shippingZip: "",
};

/** The address of the buyer's last order, offered again (null: none yet). */
export type LastAddress = Partial<Record<Field, string | null>> | null;

function fromLast(last: LastAddress): Values | null {
  if (!last) return null;
  const values = { ...EMPTY };
  for (const field of FIELD_ORDER) values[field] = last[field] ?? EMPTY[field];
  return values;
}

/** Each field's first problem, as the schema words it. */
function errorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = (typeof issue.path === "string" ? issue.path : String(issue.path[0] ?? "")) as Field;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The fields a 400 from POST /api/orders named (its `issues`), so the server's refusal shows where it belongs. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.body) as { issues?: { path: string; message: string }[] };
    return errorsOf(body.issues ?? []);
  } catch {
    return {};
  }
}

/**
 * Recipient, country, street, city, state (a USPS state in the US, an optional region elsewhere) and
 * ZIP or postal code; each problem shows under its field. Starts from the last order's address.
 */
export function ShippingForm({
  busy,
  last = null,
  error,
  onSubmit,
}: {
  busy: boolean;
  last?: LastAddress;
  /** The last refusal of the order it submitted. */
  error?: unknown;
  onSubmit(address: ShippingAddress): void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const touched = useRef(false);
  const [values, setValues] = useState<Values>(() => fromLast(last) ?? EMPTY);
  const [prefilled, setPrefilled] = useState(last !== null);
  const [errors, setErrors] = useState<Errors>({});

  // The last address may arrive after the form: take it unless the buyer has started typing.
  useEffect(() => {
    const offered = fromLast(last);
    if (!offered || touched.current) return;
    setValues(offered);
    setPrefilled(true);
  }, [last]);

  useEffect(() => {
    const fromServer = serverErrors(error);
    if (Object.keys(fromServer).length > 0) setErrors(fromServer);
  }, [error]);

  const us = values.shippingCountry === "US";
  const set = (field: Field, value: string) => {
    touched.current = true;
    setValues((v) => ({
      ...v,
      [field]: value,
      // A state of one country means nothing in another.
      ...(field === "shippingCountry" && value !== v.shippingCountry ? { shippingState: "" } : {}),
    }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingAddressSchema.safeParse(values);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      if (Object.values(found).includes(MISSING_SHIPPING_MESSAGE)) {
        toast({
          variant: "destructive",
          title: MISSING_SHIPPING_TITLE,
          description: MISSING_SHIPPING_MESSAGE,
        });
      }
      const first = FIELD_ORDER.find((field) => found[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    disabled: busy,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, event.target.value),
  });
  // Free text up to 200 characters unless `input` says otherwise.
  const textRow = (field: Field, label: string, input: ComponentProps<"input">) => (
    <Row label={label} field={field} id={id} error={errors[field]}>
      <Input {...fieldProps(field)} maxLength={200} {...input} />
    </Row>
  );
  const selectRow = (
    field: Field,
    label: string,
    autoComplete: string,
    className: string,
    options: ReactNode,
  ) => (
    <Row label={label} field={field} id={id} error={errors[field]}>
      <select {...fieldProps(field)} autoComplete={autoComplete} className={className}>
        {options}
      </select>
    </Row>
  );

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-4" aria-label="Shipping address">
      {prefilled && (
        <p className="text-sm text-muted-foreground" data-testid="last-address-note">
          Filled in from your last order. Change anything that is different this time.
        </p>
      )}
      {textRow("shippingName", "Recipient Name", { autoComplete: "name", placeholder: "Jane Doe" })}
      {selectRow(
        "shippingCountry",
        "Country",
        "country",
        inputClassName,
        <CodeOptions of={SHIPPING_COUNTRIES} />,
      )}
      {textRow("shippingAddress", "Street Address", {
        autoComplete: "street-address",
        placeholder: "123 Main Street",
      })}
      <div className="grid gap-4 sm:grid-cols-3">
        {textRow("shippingCity", "City", { autoComplete: "address-level2", placeholder: "Springfield" })}
        {us
          ? selectRow(
              "shippingState",
              "State",
              "address-level1",
              cn(inputClassName, !values.shippingState && "text-muted-foreground"),
              <>
                <option value="">Select a state</option>
                <CodeOptions of={US_STATES} />
              </>,
            )
          : textRow("shippingState", "State / Region (optional)", { autoComplete: "address-level1" })}
        {textRow("shippingZip", us ? "ZIP Code" : "Postal Code", {
          autoComplete: "postal-code",
          inputMode: us ? "numeric" : "text",
          placeholder: us ? "62701" : undefined,
          maxLength: 10,
        })}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
        {busy ? "Creating order..." : "Continue to Payment"}
      </Button>
    </form>
  );
}

/** A select's options from a list of codes and names (countries, states). */
function CodeOptions({ of }: { of: readonly { code: string; name: string }[] }) {
  return of.map((item) => (
    <option key={item.code} value={item.code}>
      {item.name}
    </option>
  ));
}

function Row({
  label,
  field,
  id,
  error,
  children,
}: {
  label: string;
  field: Field;
  id: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      {children}
      {error && (
        <p
          id={`${id}-${field}-error`}
          className="text-sm font-medium text-destructive"
          data-field-error={field}
        >
          {error}
        </p>
      )}
    </div>
  );
}
