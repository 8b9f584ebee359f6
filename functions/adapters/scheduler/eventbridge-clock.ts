import { ConflictException, CreateScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { type AuctionClock, type AuctionEndPayload, scheduleName } from "./auction-clock.ts";

/** Created once per container. */
const scheduler = new SchedulerClient({});

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * EventBridge Scheduler's one-time expression, in UTC, rounded up to the whole second so it never
 * names a moment before the end.
 */
export function atExpression(endsAt: number): string {
  const wholeSecond = Math.ceil(endsAt / 1000) * 1000;
  return `at(${new Date(wholeSecond).toISOString().slice(0, 19)})`;
}

/**
 * One one-time schedule per auction end in SCHEDULER_GROUP_NAME, invoking AUCTION_CLOSER_ARN with
 * SCHEDULER_ROLE_ARN, deleted by the service after it fires.
 */
export function eventBridgeClock(): AuctionClock {
  return {
    async scheduleEnd(auctionId, endsAt, options) {
      const payload: AuctionEndPayload = { auctionId };
      // A one-time schedule must name a future moment; an end already reached fires a second from now.
      const at = Math.max(endsAt, Date.now() + 1000);
      try {
        await scheduler.send(
          new CreateScheduleCommand({
            Name: scheduleName(auctionId, endsAt, options?.rearmedAt),
            GroupName: requiredEnv("SCHEDULER_GROUP_NAME"),
            ScheduleExpression: atExpression(at),
            ScheduleExpressionTimezone: "UTC",
            FlexibleTimeWindow: { Mode: "OFF" },
            ActionAfterCompletion: "DELETE",
            Target: {
              Arn: requiredEnv("AUCTION_CLOSER_ARN"),
              RoleArn: requiredEnv("SCHEDULER_ROLE_ARN"),
              Input: JSON.stringify(payload),
            },
          }),
        );
      } catch (error) {
        // The same name means the same auction, end and arming: already armed.
        if (error instanceof ConflictException) return;
        throw error;
      }
    },
  };
}
