import { FormColumn } from "@web/components/form-column.tsx";
import { PageContainer, PageHeader } from "@web/components/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card, CardContent } from "@web/components/ui/card.tsx";
import { paths } from "@web/config/paths.ts";
import { getErrorStatus, getServerMessage } from "@web/lib/api-client.ts";
import { useAppConfig } from "@web/lib/app-config.ts";
import { useUser } from "@web/lib/current-user.ts";
import { useSchemaForm } from "@web/lib/schema-form.ts";
import { Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { SUPPORT_MESSAGE_MAX, supportMessageSchema } from "#shared/schemas/support";
import { useSendSupportMessage } from "../api/support-messages.ts";

const FIELDS = ["email", "subject", "message", "orderId"] as const;
type Field = (typeof FIELDS)[number];

/** The field a 400 names (`issues[0].path`), when it is one of the form's. */
function refusedField(failure: unknown): Field | null {
  const message = getServerMessage(failure) ?? "";
  const field = message.slice(0, message.indexOf(":"));
  return (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
}

/** /contact: the Contact Us form (to the stage's support address) and the address itself. */
export function ContactPage() {
  const user = useUser().data;
  const supportEmail = useAppConfig().data?.supportEmail;
  const send = useSendSupportMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm(supportMessageSchema, { email: "", subject: "", message: "", orderId: "" });

  // A signed-in user writes from their account's address unless they typed another.
  useEffect(() => {
    if (user?.email && !form.getFieldState("email").isDirty) form.setValue("email", user.email);
  }, [user?.email, form]);

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    send.mutate(body, {
      onError: (failure) => {
        const field = refusedField(failure);
        const message = getServerMessage(failure, "Your message could not be sent. Please try again.");
        if (field && getErrorStatus(failure) === 400) {
          form.setError(field, { message: message.slice(field.length + 2) });
        } else {
          setFormError(message);
        }
      },
    });
  });

  const another = () => {
    form.reset({ email: form.getValues("email"), subject: "", message: "", orderId: "" });
    send.reset();
  };

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Contact Us" description="How to reach the people who run the auctions" />
      <div className="grid gap-4">
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <h2 className="text-lg font-semibold">Write to us</h2>
            {send.isSuccess ? (
              <div className="grid gap-4" role="status">
                <p>{send.data.message}</p>
                <Button type="button" variant="outline" className="justify-self-start" onClick={another}>
                  Send another message
                </Button>
              </div>
            ) : (
              <FormColumn
                form={form}
                onSubmit={onSubmit}
                label="Contact form"
                fields={[
                  {
                    name: "email",
                    label: "Your email",
                    type: "email",
                    autoComplete: "email",
                    description: "We answer to this address.",
                  },
                  { name: "subject", label: "Subject", autoComplete: "off" },
                  {
                    name: "orderId",
                    label: "Order number (optional)",
                    autoComplete: "off",
                    description: "About an order? Its number is on My Orders.",
                  },
                  {
                    name: "message",
                    label: "Message",
                    rows: 6,
                    description: `At most ${SUPPORT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
                  },
                ]}
              >
                {formError && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {formError}
                  </p>
                )}
                <Button type="submit" size="lg" className="sm:justify-self-start" disabled={send.isPending}>
                  {send.isPending ? "Sending..." : "Send message"}
                </Button>
              </FormColumn>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-6">
            <h2 className="text-lg font-semibold">Support by email</h2>
            <p className="text-muted-foreground">
              Or write to{" "}
              {supportEmail ? (
                <a
                  className="inline-flex items-center gap-1 font-medium underline"
                  href={`mailto:${supportEmail}`}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {supportEmail}
                </a>
              ) : (
                "our support address"
              )}{" "}
              from the address on your account, with your username and, about an order, its number (shown on{" "}
              <Link className="underline" to={paths.orders.getHref()}>
                My Orders
              </Link>
              ).
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-6">
            <h2 className="text-lg font-semibold">Payments and refunds</h2>
            <p className="text-muted-foreground">
              Card payments are processed by Stripe. A refund or a dispute shows on the order in My Orders as
              soon as the card network tells us.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-6">
            <h2 className="text-lg font-semibold">Sellers</h2>
            <p className="text-muted-foreground">
              Apply by registering a seller account; an administrator reviews every application and every
              product before it is listed.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
