import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";

/**
 * The values of SSM parameters (SecureStrings decrypted), in the order named; an empty one is an
 * error. The client lives for this read only: callers read once per cold start (`cachedUntilFailure`).
 */
export async function readSsmParameters(names: readonly string[]): Promise<string[]> {
  const ssm = new SSMClient({});
  try {
    return await Promise.all(
      names.map(async (name) => {
        const { Parameter } = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
        if (!Parameter?.Value) throw new Error(`SSM parameter ${name} is empty`);
        return Parameter.Value;
      }),
    );
  } finally {
    ssm.destroy();
  }
}

/** `load` run once and its answer kept for the function's life; a failed load is tried again next time. */
export function cachedUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    cached ??= load().catch((error) => {
      cached = null;
      throw error;
    });
    return cached;
  };
}
