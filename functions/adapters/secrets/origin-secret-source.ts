/**
 * Where the deployed origin secret lives: Secrets Manager, read at run time (never resolved into a
 * function's environment, which CloudFormation would only refresh when the function itself changes).
 * Both the current value and the previous one are returned, so a request CloudFront signed just before
 * a rotation reached it still passes (docs/deploy.md, "Rotating the origin secret").
 */
export interface OriginSecretSource {
  /** The values a request may carry, current first; never empty. */
  read(): Promise<string[]>;
}

/** The version stages Secrets Manager moves on a rotation: the new value, and the one it replaced. */
const ACCEPTED_STAGES = ["AWSCURRENT", "AWSPREVIOUS"] as const;

export function secretsManagerSource(secretId: string): OriginSecretSource {
  return {
    async read() {
      // Loaded on first use only: the local stack and every function without a secret id never load it.
      const { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } = await import(
        "@aws-sdk/client-secrets-manager"
      );
      const client = new SecretsManagerClient({});
      try {
        const values = await Promise.all(
          ACCEPTED_STAGES.map(async (stage) => {
            try {
              const answer = await client.send(
                new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }),
              );
              return answer.SecretString;
            } catch (error) {
              // A secret that was never rotated has no AWSPREVIOUS version.
              if (stage !== "AWSCURRENT" && error instanceof ResourceNotFoundException) return undefined;
              throw error;
            }
          }),
        );
        const accepted = values.filter((v): v is string => Boolean(v));
        if (accepted.length === 0) throw new Error(`secret ${secretId} has no current value`);
        return accepted;
      } finally {
        client.destroy();
      }
    },
  };
}
