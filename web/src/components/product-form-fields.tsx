import { PhotoUploadField } from "@web/components/photo-upload-field.tsx";
import { ProductImage } from "@web/components/product-image.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select.tsx";
import { cn } from "@web/lib/utils.ts";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { MetalType } from "#shared/constants";
import { fineOzOf, isSpotMetal } from "#shared/metal-content";
import { PRODUCT_IMAGE_PRESETS } from "#shared/schemas/seller";
import { joinWeight, splitWeight, WEIGHT_UNITS, type WeightUnit } from "#shared/weight";

/** What both "add product" forms hold; the shared zod schemas turn it into the request. */
export interface ProductFormValues {
  name: string;
  description: string;
  metalType: MetalType;
  weight?: string;
  purity?: string;
  imageUrl: string;
  startingPrice: string;
  retailPrice: string;
  /** The field's text (the API also takes a number); the schema reads it as a whole number. */
  buyNowStock?: string | number;
}

export const METAL_OPTIONS: { value: MetalType; label: string }[] = [
  { value: "gold", label: "Gold" },
  { value: "silver", label: "Silver" },
  { value: "platinum", label: "Platinum" },
  { value: "mixed", label: "Mixed" },
];

/**
 * The fields of the seller's "Add New Product" dialog and the admin's "Add Product" dialog
 * (docs/product.md section 2); `pricePlaceholder` differs between the two, and the weight: the seller
 * gives an amount and picks its unit, the admin's form (`weightLabel`, "Weight (oz)") takes ounces;
 * both store the amount with its unit, and show the fine content the server will derive as they type.
 */
export function ProductFormFields<TOutput>({
  form,
  weightLabel,
  pricePlaceholder = "0.50",
}: {
  form: UseFormReturn<ProductFormValues, unknown, TOutput>;
  weightLabel?: string;
  pricePlaceholder?: string;
}) {
  const imageUrl = form.watch("imageUrl");
  return (
    <div className="grid gap-4">
      <TextField control={form.control} name="name" label="Product Name" placeholder="24K Gold Bar - 1oz" />
      <TextField
        control={form.control}
        name="description"
        label="Description"
        rows={3}
        placeholder="Detailed description of the product..."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="metalType"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Metal Type</FormLabel>
              <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger aria-label="Metal Type">
                    <SelectValue placeholder="Choose a metal" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {METAL_OPTIONS.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <PriceField
          form={form}
          name="startingPrice"
          label="Starting Price ($)"
          placeholder={pricePlaceholder}
        />
        <PriceField
          form={form}
          name="retailPrice"
          label="Retail Price ($)"
          placeholder="59.99"
          description="What it sells for at retail: Buy It Now's price before bids are credited."
        />
        <TextField
          control={form.control}
          name="buyNowStock"
          label="Buy It Now Stock"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          placeholder="0"
          description="Units bidders may buy at retail less their bids (0 = no Buy It Now)."
        />
        <FormField
          control={form.control}
          name="weight"
          render={({ field }) =>
            weightLabel ? (
              <FormItem>
                <FormLabel>{weightLabel}</FormLabel>
                <FormControl>
                  {/* Stored with its unit ("1 oz"), like the seller's, so the fine content can be derived. */}
                  <Input
                    placeholder="1"
                    inputMode="decimal"
                    {...field}
                    value={splitWeight(field.value).amount}
                    onChange={(event) => field.onChange(joinWeight(event.target.value, "oz"))}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            ) : (
              <WeightField value={field.value ?? ""} onChange={field.onChange} onBlur={field.onBlur} />
            )
          }
        />
        <TextField control={form.control} name="purity" label="Purity" placeholder="99.99%" />
      </div>
      <FineContent
        metalType={form.watch("metalType")}
        weight={form.watch("weight")}
        purity={form.watch("purity")}
      />
      <PhotoUploadField
        onUploaded={(url) => form.setValue("imageUrl", url, { shouldValidate: true, shouldDirty: true })}
      />
      <TextField
        control={form.control}
        name="imageUrl"
        label="Image URL"
        type="text"
        inputMode="url"
        placeholder="https://..., an uploaded photo or a preset below"
      />
      {/^(\/|https?:\/\/)\S/.test(imageUrl ?? "") && (
        // The photo the product will show, whether uploaded, typed or a preset: seen before it is sent.
        <figure className="flex items-center gap-3" data-testid="photo-preview">
          <ProductImage
            src={imageUrl}
            alt="The product's photo"
            className="size-24 shrink-0 rounded-lg border border-border bg-muted object-cover"
          />
          <figcaption className="text-sm text-muted-foreground">
            This photo will show on the product.
          </figcaption>
        </figure>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Or choose a preset image</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PRODUCT_IMAGE_PRESETS.map((preset) => {
            const selected = imageUrl === preset.url;
            return (
              <button
                key={preset.url}
                type="button"
                aria-pressed={selected}
                onClick={() =>
                  form.setValue("imageUrl", preset.url, { shouldValidate: true, shouldDirty: true })
                }
                className={cn(
                  "group relative grid gap-1 overflow-hidden rounded-lg border border-input bg-card p-1 text-xs font-medium transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring",
                  selected && "border-primary ring-2 ring-primary/40",
                )}
              >
                <img src={preset.url} alt="" className="aspect-video w-full rounded-md object-cover" />
                <span className="truncate px-1 pb-0.5">{preset.label}</span>
                {selected && (
                  <span className="absolute right-1.5 top-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Check className="size-3" aria-hidden="true" />
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

/** A dollar amount field (2 decimals, positive): the starting and the retail price. */
function PriceField<TOutput>({
  form,
  name,
  label,
  placeholder,
  description,
}: {
  form: UseFormReturn<ProductFormValues, unknown, TOutput>;
  name: "startingPrice" | "retailPrice";
  label: string;
  placeholder: string;
  description?: string;
}) {
  return (
    <TextField
      control={form.control}
      name={name}
      label={label}
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0.01"
      placeholder={placeholder}
      description={description}
    />
  );
}

/** The seller's weight: an amount and its unit, stored together ("1 oz") so every page shows the unit. */
function WeightField({
  value,
  onChange,
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const unitId = useId();
  // Typed text is kept as typed ("1." on the way to "1.5"); the form holds the amount with its unit.
  const [amount, setAmount] = useState(() => splitWeight(value).amount);
  const [unit, setUnit] = useState<WeightUnit>(() => splitWeight(value).unit);
  // The dialog resets the form after a product is added: start the field afresh too.
  if (value === "" && amount.trim() !== "") setAmount("");
  return (
    <FormItem>
      <FormLabel>Weight</FormLabel>
      <div className="flex gap-2">
        <FormControl>
          <Input
            placeholder="1"
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              onChange(joinWeight(event.target.value, unit));
            }}
            onBlur={onBlur}
          />
        </FormControl>
        {/* "Unit", not "Weight unit": the amount's field is the one labelled Weight. */}
        <label htmlFor={unitId} className="sr-only">
          Unit
        </label>
        <select
          id={unitId}
          value={unit}
          onChange={(event) => {
            const next = event.target.value as WeightUnit;
            setUnit(next);
            onChange(joinWeight(amount, next));
          }}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm"
        >
          {WEIGHT_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      <FormMessage />
    </FormItem>
  );
}

/** The troy ounces of pure metal the server derives from the weight and purity, or why it cannot. */
function FineContent({
  metalType,
  weight,
  purity,
}: {
  metalType: MetalType;
  weight?: string;
  purity?: string;
}) {
  if (!weight?.trim() && !purity?.trim()) return null;
  const fineOz = fineOzOf({ metalType, weight, purity });
  return (
    <p className="text-sm text-muted-foreground" data-testid="fine-content" aria-live="polite">
      {fineOz !== null
        ? `Fine content: ${fineOz} troy oz of pure ${metalType}, valued at the spot price`
        : isSpotMetal(metalType)
          ? "Fine content cannot be derived: give the weight with a unit (oz, g, kg, lb) and the purity as 99.99%, .999 or 14K"
          : "Fine content cannot be derived for mixed metals: no melt value is shown"}
    </p>
  );
}
