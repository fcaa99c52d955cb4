import { ArnFormat, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { managedRule, RATE_LIMITS, rateRule, visibility } from './firewall-rules';
import { LOG_RETENTION } from './lambda';

/** The web ACL's metric name: its CloudWatch metrics (WebACL dimension) carry it. */
export const siteFirewallMetric = (config: StageConfig) => `relocation-${config.stage}-site`;

/** Headers never written to the firewall's log: they carry the callers' tokens and sessions. */
export const WAF_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

/**
 * The firewall in front of CloudFront. A web ACL for a distribution can only live in
 * us-east-1 (EDGE_REGION), so it has this stack of its own there; it holds rules, no data.
 * Per IP: the API and the sign-in pages are rate limited; AWS's common rule set and its
 * known-bad-inputs set screen every request.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const acl = new CfnWebACL(this, 'SiteFirewall', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(siteFirewallMetric(props.config)),
      rules: [
        rateRule('ApiRateLimit', 0, RATE_LIMITS.api, '/api/'),
        rateRule('SignInPagesRateLimit', 1, RATE_LIMITS.signInPages, '/login', '/signup'),
        managedRule('AWSManagedRulesCommonRuleSet', 2),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    this.webAclArn = acl.attrArn;
    // Every request the firewall sees, in CloudWatch Logs here (WAF logs only to a group in the
    // web ACL's region whose name starts with aws-waf-logs-), without tokens and cookies.
    const logName = `aws-waf-logs-relocation-${props.config.stage}`;
    const logs = new LogGroup(this, 'SiteFirewallLogs', { logGroupName: logName, retention: LOG_RETENTION });
    const logging = new CfnLoggingConfiguration(this, 'SiteFirewallLogging', {
      resourceArn: acl.attrArn,
      // The group's ARN without the `:*` CloudFormation's Arn attribute ends in.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
    });
    logging.node.addDependency(logs);
  }
}
