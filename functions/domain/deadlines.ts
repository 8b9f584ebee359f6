/**
 * A deadline with reminders before it, as the payment deadline and the ship-by guarantee both are:
 * the deadline a number of days after a start, reminders a number of days before it (in the order
 * given), each sweep doing what is due. Pure: times are parameters (ms epoch).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The deadline `days` after `start`. */
export function deadlineAfter(start: number, days: number): number {
  return start + days * DAY_MS;
}

/** When the next step is due, given how many reminders went: the reminders still to go, then the deadline. */
export function nextStepAt(deadline: number, reminderDays: readonly number[], remindersSent: number): number {
  const reminder = reminderDays[remindersSent];
  return reminder === undefined ? deadline : deadline - reminder * DAY_MS;
}

/**
 * What is due at `now`: the deadline once it passed (a sweep that comes late sends no stale reminder
 * then), else the next reminder once its time came, the reminders already past folded into one.
 */
export function dueStep(
  deadline: number,
  reminderDays: readonly number[],
  remindersSent: number,
  now: number,
): { kind: "remind"; remindersSent: number } | { kind: "deadline" } | null {
  if (now >= deadline) return { kind: "deadline" };
  let latest = -1;
  reminderDays.forEach((_, i) => {
    if (now >= nextStepAt(deadline, reminderDays, i)) latest = i;
  });
  return latest >= remindersSent ? { kind: "remind", remindersSent: latest + 1 } : null;
}
