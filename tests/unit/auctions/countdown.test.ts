import { describe, expect, it } from "vitest";
import {
  countdownUrgency,
  formatCardCountdown,
  formatDetailCountdown,
  msUntil,
  serverClockOffset,
} from "#shared/countdown";

const s = (seconds: number) => seconds * 1000;

describe("card countdown", () => {
  it("shows hours and minutes from an hour up", () => {
    expect(formatCardCountdown(s(3600))).toBe("1h 0m");
    expect(formatCardCountdown(s(2 * 3600 + 5 * 60 + 59))).toBe("2h 5m");
    expect(formatCardCountdown(s(30 * 3600))).toBe("30h 0m");
  });

  it("shows minutes and seconds from a minute up", () => {
    expect(formatCardCountdown(s(3599))).toBe("59m 59s");
    expect(formatCardCountdown(s(60))).toBe("1m 0s");
    expect(formatCardCountdown(s(61))).toBe("1m 1s");
  });

  it("shows seconds under a minute, rounding a partial second up", () => {
    expect(formatCardCountdown(s(59))).toBe("59s");
    expect(formatCardCountdown(s(1))).toBe("1s");
    expect(formatCardCountdown(1)).toBe("1s");
    expect(formatCardCountdown(59_001)).toBe("1m 0s");
  });

  it("reads Ended at or below zero", () => {
    for (const ms of [0, -5000]) expect(formatCardCountdown(ms)).toBe("Ended");
  });
});

describe("detail countdown", () => {
  it("shows hours, minutes and seconds", () => {
    expect(formatDetailCountdown(s(3600))).toBe("1h 0m 0s");
    expect(formatDetailCountdown(s(5 * 3600 + 4 * 60 + 3))).toBe("5h 4m 3s");
  });

  it("drops the hours under an hour and the minutes under a minute", () => {
    expect(formatDetailCountdown(s(3599))).toBe("59m 59s");
    expect(formatDetailCountdown(s(60))).toBe("1m 0s");
    expect(formatDetailCountdown(s(10))).toBe("10s");
  });

  it("reads Ended at or below zero", () => {
    for (const ms of [0, -1]) expect(formatDetailCountdown(ms)).toBe("Ended");
  });
});

describe("countdown colour", () => {
  it("is urgent under 60 s", () => {
    expect(countdownUrgency(s(59))).toBe("urgent");
    expect(countdownUrgency(59_999)).toBe("urgent");
    expect(countdownUrgency(1)).toBe("urgent");
  });

  it("is a warning from 60 s to under 5 minutes", () => {
    expect(countdownUrgency(s(60))).toBe("warning");
    expect(countdownUrgency(s(299))).toBe("warning");
    expect(countdownUrgency(299_999)).toBe("warning");
  });

  it("is normal from 5 minutes up, and ended at zero", () => {
    expect(countdownUrgency(s(300))).toBe("normal");
    expect(countdownUrgency(s(86_400))).toBe("normal");
    expect(countdownUrgency(0)).toBe("ended");
  });
});

describe("server clock offset", () => {
  it("corrects a device clock that runs behind or ahead", () => {
    const deviceNow = Date.parse("2030-01-01T00:00:00.000Z");
    const behind = serverClockOffset("2030-01-01T00:00:30.000Z", deviceNow);
    expect(behind).toBe(30_000);
    expect(msUntil("2030-01-01T00:01:00.000Z", deviceNow, behind)).toBe(30_000);
    const ahead = serverClockOffset("2029-12-31T23:59:00.000Z", deviceNow);
    expect(msUntil("2030-01-01T00:00:00.000Z", deviceNow, ahead)).toBe(60_000);
  });

  it("ignores an unreadable server time", () => {
    expect(serverClockOffset("not a time", 123)).toBe(0);
  });
});
