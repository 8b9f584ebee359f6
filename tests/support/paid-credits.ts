/**
 * Credits bought, without the payment: the buyer's balance and what they paid for it move together,
 * exactly as the credit step of a payment moves them (functions/adapters/dynamo/paid-credits-repo.ts).
 * For tests of what bids are worth; a real payment's crediting is tested in tests/integration/payments.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../../functions/adapters/dynamo/client.ts";
import { keys } from "../../functions/adapters/dynamo/keys.ts";
import { receiveCreditsItem } from "../../functions/adapters/dynamo/paid-credits-repo.ts";

export async function givePaidCredits(userId: string, credits: number, amountCents: number): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(userId),
            UpdateExpression: "ADD bidBalance :credits",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":credits": credits },
          },
        },
        receiveCreditsItem(userId, credits, amountCents),
      ],
    }),
  );
}
