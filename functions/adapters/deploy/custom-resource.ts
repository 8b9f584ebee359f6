/**
 * A function that is also a CloudFormation custom resource's provider (the deploy-time run of a
 * scheduled job): CloudFormation invokes it with a request and waits, up to an hour, for the answer
 * PUT to the request's presigned ResponseURL. Every request gets an answer, FAILED with the reason
 * when the work threw, or the deploy hangs.
 */
export interface CustomResourceRequest {
  RequestType: "Create" | "Update" | "Delete";
  ResponseURL: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  PhysicalResourceId?: string;
}

export function isCustomResourceRequest(event: unknown): event is CustomResourceRequest {
  if (typeof event !== "object" || event === null) return false;
  return (
    ["Create", "Update", "Delete"].includes(String(Reflect.get(event, "RequestType"))) &&
    typeof Reflect.get(event, "ResponseURL") === "string" &&
    typeof Reflect.get(event, "RequestId") === "string"
  );
}

/** Runs `work` for a Create or an Update (a Delete has nothing to undo), then answers CloudFormation. */
export async function answerCustomResource(
  request: CustomResourceRequest,
  physicalResourceId: string,
  work: () => Promise<Record<string, string>>,
): Promise<"SUCCESS" | "FAILED"> {
  let status: "SUCCESS" | "FAILED" = "SUCCESS";
  let reason: string | undefined;
  let data: Record<string, string> = {};
  try {
    if (request.RequestType !== "Delete") data = await work();
  } catch (error) {
    status = "FAILED";
    reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  const body = JSON.stringify({
    Status: status,
    Reason: reason ?? "see the function's log",
    PhysicalResourceId: request.PhysicalResourceId ?? physicalResourceId,
    StackId: request.StackId,
    RequestId: request.RequestId,
    LogicalResourceId: request.LogicalResourceId,
    Data: data,
  });
  // The URL is presigned for a PUT without a content type.
  const answer = await fetch(request.ResponseURL, {
    method: "PUT",
    body,
    headers: { "content-type": "" },
  });
  if (!answer.ok) throw new Error(`CloudFormation's response URL answered ${answer.status}`);
  return status;
}
