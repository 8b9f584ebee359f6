import { describe, expect, it } from "vitest";
import {
  unknownIds,
  WATCH_FRAME_WINDOW_MS,
  watchChanges,
  watchedSet,
  watchFrameWindow,
} from "../../../functions/domain/realtime-limits.ts";

describe("socket limits", () => {
  it("counts watch frames in minute windows", () => {
    expect(watchFrameWindow(WATCH_FRAME_WINDOW_MS - 1)).toBe(0);
    expect(watchFrameWindow(WATCH_FRAME_WINDOW_MS)).toBe(1);
  });

  it("watches the requested ids that are live or already watched, once each, in order", () => {
    expect(watchedSet(["c", "a", "x", "a", "b"], new Set(["b"]), new Set(["a", "c"]))).toEqual([
      "c",
      "a",
      "b",
    ]);
    expect(watchedSet(["x", "y"], new Set(), new Set())).toEqual([]);
  });

  it("writes only the ids that join or leave the set", () => {
    expect(watchChanges(["a", "b"], ["b", "a"])).toEqual({ added: [], dropped: [] });
    expect(watchChanges(["a", "b"], ["b", "c"])).toEqual({ added: ["c"], dropped: ["a"] });
    expect(watchChanges([], ["a"])).toEqual({ added: ["a"], dropped: [] });
  });

  it("charges one more frame for each id read that is no auction", () => {
    expect(unknownIds(["a", "x", "b", "y"], new Set(["a", "b"]))).toBe(2);
    expect(unknownIds([], new Set())).toBe(0);
  });
});
