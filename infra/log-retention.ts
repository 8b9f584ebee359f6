import { RetentionDays } from "aws-cdk-lib/aws-logs";

/** CloudWatch Logs accepts only certain retention periods; take the nearest one at or above. */
export function retentionDays(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays)
    .filter((v): v is number => typeof v === "number" && v > 0)
    .sort((a, b) => a - b);
  return (allowed.find((d) => d >= days) ?? RetentionDays.INFINITE) as RetentionDays;
}
