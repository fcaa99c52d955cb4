import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { managedRule, RATE_LIMITS, rateRule, visibility } from './firewall-rules';

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
      visibilityConfig: visibility(`relocation-${props.config.stage}-site`),
      rules: [
        rateRule('ApiRateLimit', 0, RATE_LIMITS.api, '/api/'),
        rateRule('SignInPagesRateLimit', 1, RATE_LIMITS.signInPages, '/login', '/signup'),
        managedRule('AWSManagedRulesCommonRuleSet', 2),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
