import { METAL_TYPES } from "../constants.ts";
import * as z from "./zod.ts";

/**
 * A product's own description, as every copy of it shows it (functions/usecases/views/product-view.ts):
 * the auction's product and the seller's product view. A module of its own, so neither schema file
 * pulls the other into a bundle.
 */
export const productDescriptionFields = {
  name: z.string(),
  description: z.string(),
  metalType: z.enum(METAL_TYPES),
  imageUrl: z.string(),
};

/** The fine content × a fresh spot price, to the cent; absent when there is no fine content or no fresh price. */
export const meltValueSchema = z.object({
  usd: z.string(),
  spotUsdPerOz: z.string(),
  at: z.string(),
});
export type MeltValue = z.infer<typeof meltValueSchema>;
