import { Logger } from "@aws-lambda-powertools/logger";

/** Structured JSON logs; level from POWERTOOLS_LOG_LEVEL (tests set WARN). */
export const logger = new Logger({ serviceName: "penny-auction" });
