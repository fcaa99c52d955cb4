import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { siteFirewallMetric } from './edge-stack';
import { alarmTopic } from './monitoring';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What the edge alarms at. Blocks: ten times the sign-in pages' per-IP rate limit in five
 * minutes, far above the few an ordinary day's scanners cause, so an attack or a rule that
 * started blocking customers is heard of. 5xx: CloudFront's share of answers that were server
 * errors (the API's and the site bucket's, as visitors got them).
 */
export const EDGE_ALARM_THRESHOLDS = {
  wafBlockedRequests: 3000,
  cloudFront5xxRatePercent: 5,
} as const;

/**
 * The alarms whose metrics live in us-east-1 (EDGE_REGION): CloudFront's and its firewall's.
 * A CloudWatch alarm watches metrics of its own region only, so they have this stack there,
 * with a topic of its own mailed to the same alarm e-mails. Deployed after the Web stack, whose
 * distribution it reads (cross-region reference).
 */
export class EdgeMonitoringStack extends Stack {
  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { config: StageConfig; distributionId: string },
  ) {
    super(scope, id, props);
    const { config } = props;
    const notify = new SnsAction(alarmTopic(this, config));
    const alarm = (alarmId: string, description: string, metric: Metric, threshold: number) =>
      new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    alarm(
      'WafBlockedRequests',
      `The site's firewall blocked ${EDGE_ALARM_THRESHOLDS.wafBlockedRequests} or more requests in 5 minutes.`,
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: siteFirewallMetric(config), Rule: 'ALL' },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
      EDGE_ALARM_THRESHOLDS.wafBlockedRequests,
    );
    alarm(
      'CloudFront5xxRate',
      `${EDGE_ALARM_THRESHOLDS.cloudFront5xxRatePercent} % or more of CloudFront's answers were 5xx in 5 minutes.`,
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: 'Average',
        period: FIVE_MINUTES,
      }),
      EDGE_ALARM_THRESHOLDS.cloudFront5xxRatePercent,
    );
  }
}
