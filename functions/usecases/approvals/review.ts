import type { ApprovalStatus } from "#shared/constants";
import type { ApprovalChange } from "../../adapters/dynamo/decisions.ts";
import { RETRY, retrying } from "../../adapters/retry.ts";
import type { Decision, Transition } from "../../domain/approvals.ts";
import { conflict, notFound } from "../../domain/errors.ts";

const MAX_ROUNDS = 3;

/** What is under review (a seller application, a product): how to read it, judge it and move it. */
export interface Reviewable<R extends { status: ApprovalStatus }> {
  read: () => Promise<R | null>;
  notFoundMessage: string;
  decide: (current: ApprovalStatus, decision: Decision, now: number) => Transition;
  /** Refuses a change the rules allow but the rest of the product does not (it throws). */
  beforeChange?: (current: R) => Promise<void>;
  /** A conditional write from `change.from`: null when someone else moved it first. */
  move: (change: ApprovalChange) => Promise<R | null>;
  /** The answer once every round lost to another reviewer. */
  busyMessage: string;
}

/**
 * Moves it to the decision's status: the same decision twice changes nothing, the opposite one is
 * refused (domain/approvals.ts). When someone else decided in between, it judges again against what
 * they did. Returns it as it now is.
 */
export async function review<R extends { status: ApprovalStatus }>(
  subject: Reviewable<R>,
  decision: Decision,
  now: number,
): Promise<R> {
  return retrying(
    { attempts: MAX_ROUNDS },
    async () => {
      const current = await subject.read();
      if (!current) throw notFound(subject.notFoundMessage);
      const transition = subject.decide(current.status, decision, now);
      if (transition.kind === "unchanged") return current;
      if (transition.kind === "refused") throw conflict(transition.message);
      await subject.beforeChange?.(current);
      const moved = await subject.move({
        from: current.status,
        to: transition.status,
        approvedAt: transition.approvedAt,
      });
      return moved ?? RETRY;
    },
    () => {
      throw conflict(subject.busyMessage);
    },
  );
}
