import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { toast } from "@web/components/ui/use-toast.ts";
import { type FormEvent, useId, useState } from "react";
import { DEFAULT_COUNTRY } from "#shared/constants";
import {
  MISSING_SHIPPING_MESSAGE,
  MISSING_SHIPPING_TITLE,
  type ShippingAddress,
  shippingAddressSchema,
} from "#shared/schemas/orders";

type Field = "shippingAddress" | "shippingCity" | "shippingState" | "shippingZip";

const FIELDS: { name: Field; label: string; autoComplete: string; placeholder: string }[] = [
  {
    name: "shippingAddress",
    label: "Street Address",
    autoComplete: "street-address",
    placeholder: "123 Main Street",
  },
  { name: "shippingCity", label: "City", autoComplete: "address-level2", placeholder: "Springfield" },
  { name: "shippingState", label: "State", autoComplete: "address-level1", placeholder: "IL" },
  { name: "shippingZip", label: "ZIP Code", autoComplete: "postal-code", placeholder: "62701" },
];

const EMPTY: Record<Field, string> = {
  shippingAddress: "",
  shippingCity: "",
  shippingState: "",
  shippingZip: "",
};

/** Street address, city, state and ZIP, all required; the country is always US. */
export function ShippingForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit(address: ShippingAddress): void;
}) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingAddressSchema.safeParse({ ...values, shippingCountry: DEFAULT_COUNTRY });
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => issue.path[0] as Field)));
      toast({ variant: "destructive", title: MISSING_SHIPPING_TITLE, description: MISSING_SHIPPING_MESSAGE });
      return;
    }
    setInvalid(new Set());
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Shipping address">
      {FIELDS.map((field) => (
        <div key={field.name} className="grid gap-2">
          <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
          <Input
            id={`${id}-${field.name}`}
            name={field.name}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={values[field.name]}
            aria-invalid={invalid.has(field.name)}
            disabled={busy}
            maxLength={200}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
          />
        </div>
      ))}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-country`}>Country</Label>
        <Input id={`${id}-country`} name="shippingCountry" value="United States (US)" readOnly disabled />
      </div>
      <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
        {busy ? "Creating order..." : "Continue to Payment"}
      </Button>
    </form>
  );
}
