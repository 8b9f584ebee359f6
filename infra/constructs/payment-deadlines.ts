import { Duration } from "aws-cdk-lib";
import { Construct } from "constructs";
import type { Data } from "./data.ts";
import { scheduledFunction } from "./event-function.ts";
import { FailureQueue } from "./failure-queue.ts";
import type { ProductFunctionDefaults } from "./product-function.ts";

export interface PaymentDeadlinesProps {
  defaults: ProductFunctionDefaults;
  data: Data;
  sweepHandler: string;
}

/**
 * The payment deadline sweep (docs/decisions.md, Payment deadlines): a rule every 15 minutes runs one
 * function that queries the deadline index (gsi4) for the steps now due. A step is a day-scale event,
 * so 15 minutes late is nothing; one rule costs the same however many wins wait.
 */
export class PaymentDeadlines extends Construct {
  /** Sweeps EventBridge could not deliver or that failed after retries (the next run tries again). */
  readonly failures: FailureQueue;

  constructor(scope: Construct, id: string, props: PaymentDeadlinesProps) {
    super(scope, id);
    this.failures = new FailureQueue(this, "Failures", {
      queueName: `${props.defaults.prefix}-payment-deadline-sweep-failures`,
      description:
        "Payment deadline sweeps that failed after retries (the next run, 15 minutes later, tries again)",
    });
    scheduledFunction(this, "Sweep", {
      handlerId: props.sweepHandler,
      defaults: props.defaults,
      table: props.data.table,
      timeout: Duration.seconds(60),
      failures: this.failures,
      rule: {
        id: "Every15Minutes",
        description: "Payment reminders and expiry of unpaid wins and Buy It Now orders",
        every: Duration.minutes(15),
      },
    });
  }
}
