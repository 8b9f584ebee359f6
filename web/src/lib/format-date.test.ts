import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDateTimeWithYear, formatTimeAgo } from "./format-date.ts";

describe("the site's date formats", () => {
  it("show days, moments and far moments in one style", () => {
    const iso = new Date(2030, 0, 5, 15, 4).toISOString();
    expect(formatDate(iso)).toBe("Jan 5, 2030");
    expect(formatDateTime(iso)).toBe("Jan 5, 3:04 PM");
    expect(formatDateTimeWithYear(iso)).toBe("Jan 5, 2030, 3:04 PM");
  });

  it("say Never, or what the caller names, for a missing or unreadable date", () => {
    expect(formatDate(null)).toBe("Never");
    expect(formatDateTime(undefined)).toBe("Never");
    expect(formatDate("not a date", "")).toBe("");
  });

  it("count recent events back in the largest whole unit", () => {
    const now = Date.parse("2030-01-05T12:00:00Z");
    expect(formatTimeAgo("2030-01-05T11:55:00Z", now)).toBe("5 minutes ago");
    expect(formatTimeAgo("2030-01-05T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatTimeAgo("2030-01-03T12:00:00Z", now)).toBe("2 days ago");
  });
});
