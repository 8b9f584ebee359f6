import { Aws, CfnRule, Fn } from "aws-cdk-lib";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { Construct } from "constructs";

export interface FirewallProps {
  prefix: string;
  /** POST requests per viewer address per 5 minutes to /api/auth/*. */
  authLimit: number;
  /** Requests per viewer address per 5 minutes to POST /api/auctions/{id}/bid. */
  bidLimit: number;
}

const TOO_MANY = "too-many-requests";

/** The bid route's last segment (functions/routes.ts: POST /api/auctions/{id}/bid). */
const BID_PATH = { prefix: "/api/auctions/", suffix: "/bid" };

/**
 * AWS WAF in front of CloudFront: AWS's managed common and known-bad-inputs rule groups, and
 * per-address rate limits on the password routes (POST /api/auth/*) and on bidding. CloudFront's Web ACLs live in
 * us-east-1 only, so the stack refuses to deploy anywhere else (a CloudFormation rule, checked before
 * anything is created); a stack in another region passes `webAclArn` of an ACL made there instead.
 */
export class Firewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    new CfnRule(this, "NeedsUsEast1", {
      assertions: [
        {
          assert: Fn.conditionEquals(Aws.REGION, "us-east-1"),
          assertDescription:
            "The stack's own WAF (CLOUDFRONT scope) exists only in us-east-1: deploy there, or pass -c webAclArn=... or -c waf=false (docs/deploy.md)",
        },
      ],
    });
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.prefix}-${name}`,
    });
    this.webAcl = new CfnWebACL(this, "WebAcl", {
      name: props.prefix,
      description: "Managed common and known-bad-inputs rules, rate limits on sign-in and bidding",
      scope: "CLOUDFRONT",
      defaultAction: { allow: {} },
      // The same {message} shape as the API's own refusals, so the web shows it like any other.
      customResponseBodies: {
        [TOO_MANY]: {
          contentType: "APPLICATION_JSON",
          content: JSON.stringify({ message: "Too many requests. Please wait a few minutes and try again." }),
        },
      },
      visibilityConfig: visibility("web-acl"),
      rules: [
        // POSTs only: sign-in, registration, password change and sign-out; GET /api/auth/me runs on every
        // page load and would count a busy NAT's browsing against its sign-ins.
        rateLimit(
          "AuthRateLimit",
          0,
          props.authLimit,
          {
            andStatement: {
              statements: [startsWith("/api/auth/"), { byteMatchStatement: methodIs("POST") }],
            },
          },
          visibility("auth-rate"),
        ),
        rateLimit(
          "BidRateLimit",
          1,
          props.bidLimit,
          {
            andStatement: {
              statements: [
                startsWith(BID_PATH.prefix),
                uriMatch(BID_PATH.suffix, "ENDS_WITH"),
                { byteMatchStatement: methodIs("POST") },
              ],
            },
          },
          visibility("bid-rate"),
        ),
        managedGroup("AWSManagedRulesKnownBadInputsRuleSet", 2, visibility("known-bad-inputs")),
        managedGroup("AWSManagedRulesCommonRuleSet", 3, visibility("common"), [
          // Stripe's webhook events can be larger than the rule's 8 KB; the API limits its own bodies.
          { name: "SizeRestrictions_BODY", actionToUse: { count: {} } },
        ]),
      ],
    });
  }
}

function rateLimit(
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement: CfnWebACL.StatementProperty,
  visibilityConfig: CfnWebACL.VisibilityConfigProperty,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY } } },
    statement: {
      // WAF sees the viewer's own address here (CloudFront is the one in front of it).
      rateBasedStatement: { limit, aggregateKeyType: "IP", evaluationWindowSec: 300, scopeDownStatement },
    },
    visibilityConfig,
  };
}

function startsWith(path: string): CfnWebACL.StatementProperty {
  return uriMatch(path, "STARTS_WITH");
}

function uriMatch(path: string, positionalConstraint: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString: path,
      textTransformations: [{ priority: 0, type: "NONE" }],
    },
  };
}

function methodIs(method: string): CfnWebACL.ByteMatchStatementProperty {
  return {
    fieldToMatch: { method: {} },
    positionalConstraint: "EXACTLY",
    searchString: method,
    textTransformations: [{ priority: 0, type: "NONE" }],
  };
}

function managedGroup(
  name: string,
  priority: number,
  visibilityConfig: CfnWebACL.VisibilityConfigProperty,
  ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: "AWS",
        name,
        ...(ruleActionOverrides ? { ruleActionOverrides } : {}),
      },
    },
    visibilityConfig,
  };
}
