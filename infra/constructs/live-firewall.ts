import { CfnWebACL, CfnWebACLAssociation } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";

export interface LiveFirewallProps {
  prefix: string;
  /** The Event API's ARN (arn:aws:appsync:<region>:<account>:apis/<apiId>). */
  eventApiArn: string;
  /** Requests (connections, subscribes over HTTP, publishes) per address per 5 minutes. */
  connectionLimit: number;
}

/**
 * A regional Web ACL on the Event API. CloudFront's ACL (firewall.ts) never sees it: the pages reach
 * the Event API on its own domain, with a key anyone can read from GET /api/config. One address
 * opening connections in a loop would otherwise spend the account's Event API connection quota and
 * its bill (docs/scale.md); a page opens one connection and keeps it.
 */
export class LiveFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: LiveFirewallProps) {
    super(scope, id);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.prefix}-${name}`,
    });
    this.webAcl = new CfnWebACL(this, "WebAcl", {
      name: `${props.prefix}-live`,
      description: "Rate limit per address on the live updates Event API",
      scope: "REGIONAL",
      defaultAction: { allow: {} },
      visibilityConfig: visibility("live-web-acl"),
      rules: [
        {
          name: "LiveConnectionRateLimit",
          priority: 0,
          action: { block: {} },
          statement: {
            // The browser connects directly: WAF sees the viewer's own address.
            rateBasedStatement: {
              limit: props.connectionLimit,
              aggregateKeyType: "IP",
              evaluationWindowSec: 300,
            },
          },
          visibilityConfig: visibility("live-connection-rate"),
        },
      ],
    });
    new CfnWebACLAssociation(this, "Association", {
      resourceArn: props.eventApiArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
