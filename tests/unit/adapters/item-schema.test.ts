import { describe, expect, it } from "vitest";
import {
  CorruptItemError,
  keyTail,
  parseStoredItem,
  storedIndexEntry,
  storedKey,
} from "../../../functions/adapters/dynamo/item-schema.ts";
import * as z from "../../../shared/schemas/zod.ts";

const THING = z.object({ id: z.string(), count: z.number(), note: z.optional(z.string()) });
const stored = { pk: "THING#1", sk: "PROFILE", entity: "thing", id: "1", count: 2 };

describe("parseStoredItem", () => {
  it("answers the record without its table keys", () => {
    expect(parseStoredItem("thing", THING, stored)).toEqual({ id: "1", count: 2 });
  });

  it("names the item kind and the field of a bad item", () => {
    expect(() => parseStoredItem("thing", THING, { ...stored, count: "2" })).toThrow(
      new CorruptItemError("thing", "count", "2"),
    );
    expect(() => parseStoredItem("thing", THING, { ...stored, id: undefined })).toThrow(
      "Stored thing item has id = undefined",
    );
  });

  it("reads a pointer item's key, and refuses one without it", () => {
    expect(storedKey("thing", stored)).toEqual({ pk: "THING#1", sk: "PROFILE" });
    expect(keyTail("thing", stored, "pk", "THING#")).toBe("1");
    expect(() => storedKey("thing", { pk: "THING#1" })).toThrow("Stored thing item has sk = undefined");
  });

  it("reads a KEYS_ONLY index entry whole, and refuses one whose index key is not a string", () => {
    const entry = { pk: "THING#1", sk: "PROFILE", gsi1pk: "THINGS", gsi1sk: "2026-12-03T00:00:00.000Z#1" };
    expect(storedIndexEntry("index entry", entry)).toEqual(entry);
    expect(() => storedIndexEntry("index entry", { ...entry, gsi1sk: 7 })).toThrow(
      "Stored index entry item has gsi1sk = 7",
    );
  });
});
