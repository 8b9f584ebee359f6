import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { EmailSender } from "./email-sender.ts";

const ses = new SESv2Client({ maxAttempts: 3 });

/** Amazon SES (v2): EMAIL_FROM is the verified identity, SES_CONFIGURATION_SET the stage's configuration set (infra/constructs/notifications.ts). */
export function sesSender(from: string, configurationSet: string): EmailSender {
  return {
    async send(email) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [email.to] },
          ConfigurationSetName: configurationSet,
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: "UTF-8" },
              Body: {
                Text: { Data: email.text, Charset: "UTF-8" },
                Html: { Data: email.html, Charset: "UTF-8" },
              },
            },
          },
          EmailTags: [{ Name: "kind", Value: email.kind }],
        }),
      );
    },
  };
}
