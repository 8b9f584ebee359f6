import { describe, expect, it } from "vitest";
import { CorruptItemError } from "../../../functions/adapters/dynamo/item-schema.ts";
import { type ItemShape, parseItem } from "../../../functions/adapters/dynamo/item-shape.ts";

interface Thing {
  id: string;
  count: number;
  note?: string;
  ceiling: number | null;
  meta: { a: number };
}
const THING: ItemShape<Thing> = {
  id: "string",
  count: "number",
  note: "string?",
  ceiling: "number?",
  meta: "object",
};
const stored = {
  pk: "THING#1",
  sk: "PROFILE",
  gsi1pk: "THINGS",
  type: "thing",
  id: "1",
  count: 2,
  ceiling: null,
  meta: { a: 1 },
};

describe("reading a stored item as its record", () => {
  it("gives the record without the table's keys when every field holds what the shape says", () => {
    expect(parseItem("thing", THING, stored)).toEqual({ id: "1", count: 2, ceiling: null, meta: { a: 1 } });
  });

  it("refuses an item missing a required field, or holding the wrong kind of value", () => {
    const { count: _count, ...noCount } = stored;
    expect(() => parseItem("thing", THING, noCount)).toThrow(CorruptItemError);
    expect(() => parseItem("thing", THING, { ...stored, count: "2" })).toThrow(
      'Stored thing item has count = "2"',
    );
    expect(() => parseItem("thing", THING, { ...stored, note: 5 })).toThrow(CorruptItemError);
  });
});
