import { BUSINESS_METRICS, METRICS_NAMESPACE, metricDimensions } from '@functions/lib/metrics';
import { type RouteDef, routes } from '@functions/routes';
import { TABLE_KEYS } from '@functions/store/table';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type IFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import type { ResourceRef } from './lambda';

/** A handler's kebab-case name as the PascalCase construct id its Lambda, role and alarm carry. */
export const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

const FIVE_MINUTES = Duration.minutes(5);

/**
 * What the alarms fire at. A function alarms on its error rate over five minutes (one failed
 * call among many is a retry, not an incident); SES pauses an account's sending at a bounce rate
 * of 10 % and a complaint rate of 0.5 %, and reviews it from 5 % and 0.1 %: the alarms fire at
 * the review marks, while there is time to act.
 */
export const ALARM_THRESHOLDS = {
  functionErrorRatePercent: 5,
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
} as const;

/** A day's share of a monthly token budget: what the companion's token alarm fires above. */
export const dailyTokenBudget = (monthly: number) => Math.ceil(monthly / 30);
/** The stage name HTTP APIs give their auto-deployed default stage (metric dimension `Stage`). */
const DEFAULT_STAGE = '$default';

export interface MonitoringProps {
  config: StageConfig;
  api: HttpApi;
  /** Every route's function (of every stack that deploys routes), by its handler's name. */
  routeFunctions: readonly { handler: string; fn: IFunction }[];
  /** Functions of the other stacks (Cognito triggers, catalogue seed), watched as well. */
  otherFunctions: IFunction[];
  table: ResourceRef;
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The topic a region's alarms go to, mailed to the stage's alarm e-mails (each address confirms
 * once per topic). Its policy replaces SNS's default one: CloudWatch alarms of this account and
 * region are let in by name.
 */
export function alarmTopic(scope: Construct, config: StageConfig): Topic {
  const topic = new Topic(scope, 'Alarms', {
    displayName: `Relocation ${config.stage} alarms`,
    enforceSSL: true,
  });
  for (const email of config.alarmEmails) topic.addSubscription(new EmailSubscription(email));
  const stack = Stack.of(scope);
  topic.addToResourcePolicy(
    new PolicyStatement({
      actions: ['sns:Publish'],
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  return topic;
}

/**
 * What the operators see and hear of a stage: one SNS topic for alarms, mailed to the stage's
 * alarm e-mails (each confirms once); alarms on every function's errors, API 5xx, DynamoDB
 * throttling and mails that failed after their retries; the stage's monthly cost budget; and
 * one CloudWatch dashboard.
 */
export class Monitoring extends Construct {
  readonly alarms: Topic;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { config, api, table } = props;
    this.alarms = alarmTopic(this, config);
    const notify = new SnsAction(this.alarms);
    const alarm = (alarmId: string, metric: IMetric) =>
      new Alarm(this, alarmId, {
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);

    // One alarm per function: CloudWatch alarms take at most 10 metrics in one expression.
    // Routes in route-table order, whichever stack deploys them.
    const order = (handler: string) => routes.findIndex((route) => route.handler === handler);
    const watched = [
      ...[...props.routeFunctions]
        .sort((a, b) => order(a.handler) - order(b.handler))
        .map(({ handler, fn }) => ({ fn, name: pascal(handler) })),
      ...props.otherFunctions.map((fn) => ({ fn, name: pascal(fn.node.id) })),
    ];
    for (const { fn, name } of watched)
      new Alarm(this, `LambdaErrors${name}`, {
        alarmDescription: `More than ${ALARM_THRESHOLDS.functionErrorRatePercent} % of the calls of ${name} failed in 5 minutes.`,
        metric: new MathExpression({
          expression: 'IF(invocations > 0, 100 * errors / invocations, 0)',
          usingMetrics: {
            errors: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
            invocations: fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' }),
          },
          period: FIVE_MINUTES,
          label: `${name} error rate (%)`,
        }),
        threshold: ALARM_THRESHOLDS.functionErrorRatePercent,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    // Throttled calls of any function in the stage's account and region (the account's
    // concurrency quota is shared: docs/first-deploy.md); one alarm, not one per function.
    alarm(
      'LambdaThrottles',
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Throttles',
        statistic: 'Sum',
        period: FIVE_MINUTES,
      }),
    );
    // Events an asynchronously invoked function failed on after its retries (the SES feedback).
    for (const { fn, name } of watched) {
      const deadLetters = fn instanceof LambdaFunction ? fn.deadLetterQueue : undefined;
      if (deadLetters)
        alarm(
          `DeadLetters${name}`,
          deadLetters.metricApproximateNumberOfMessagesVisible({
            period: FIVE_MINUTES,
            statistic: 'Maximum',
          }),
        );
    }
    // The account's SES reputation (AWS/SES Reputation.*, a fraction, published for the region).
    const reputation = (alarmId: string, metricName: string, threshold: number) =>
      new Alarm(this, alarmId, {
        alarmDescription: `SES ${metricName} at or above ${threshold * 100} %: SES reviews the account from here (docs/runbook.md, Bounces and complaints).`,
        metric: new Metric({
          namespace: 'AWS/SES',
          metricName,
          statistic: 'Maximum',
          period: Duration.hours(1),
        }),
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    reputation('SesBounceRate', 'Reputation.BounceRate', ALARM_THRESHOLDS.sesBounceRate);
    reputation('SesComplaintRate', 'Reputation.ComplaintRate', ALARM_THRESHOLDS.sesComplaintRate);
    alarm('Api5xx', api.metricServerError({ period: FIVE_MINUTES }));
    // ReadThrottleEvents/WriteThrottleEvents exist per table; ThrottledRequests needs an
    // Operation dimension too, and an alarm without it would never fire.
    const dynamo = (metricName: string, index?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.name, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents'])
      alarm(`Dynamo${metricName}`, dynamo(metricName));
    // A mail nobody got is otherwise only a log line (services/notify.ts counts it).
    const business = (name: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: metricDimensions(config.stage),
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    alarm('MailFailures', business('MailFailures'));
    // An upload GuardDuty could not scan: every one is refused, so customers are stuck.
    alarm('ScanFailures', business('ScanFailures'));
    const companion = config.companion;
    if (companion.answerer === 'bedrock') {
      // The companion model's tokens against the stage's monthly budget. A CloudWatch alarm
      // looks back at most 7 days, so no alarm can sum a calendar month: this one alarms on
      // any day that uses more than the budget's daily share (a 30th), the pace at which the
      // month would overrun it, on the day it happens (a loop, abuse). The stage's cost budget
      // (below) watches the month's dollars, Bedrock's included.
      new Alarm(this, 'CompanionTokens', {
        alarmDescription: `The companion's model used more than a 30th of its monthly budget of ${companion.monthlyTokenBudget} tokens in a day (infra/config/stages.ts).`,
        metric: new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: 'CompanionTokens',
          dimensionsMap: metricDimensions(config.stage),
          statistic: 'Sum',
          period: Duration.days(1),
        }),
        threshold: dailyTokenBudget(companion.monthlyTokenBudget),
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    }

    // Budgets is let in by name too (alarmTopic lets in CloudWatch's alarms).
    this.alarms.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        resources: [this.alarms.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    const subscribers = [{ subscriptionType: 'SNS', address: this.alarms.topicArn }];
    new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `relocation-${config.stage}`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: config.monthlyBudgetUsd, unit: 'USD' },
        // The stage's resources by their cost allocation tag (stage-stacks.ts tags every one).
        costFilters: { TagKeyValue: [`user:stage$${config.stage}`] },
      },
      notificationsWithSubscribers: [
        {
          notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80 },
          subscribers,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
          },
          subscribers,
        },
      ],
    });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `relocation-${config.stage}`,
      defaultInterval: Duration.hours(3),
    });
    const perRoute = (metricName: string, statistic: string) =>
      routes.map(
        (route: RouteDef) =>
          new Metric({
            namespace: 'AWS/ApiGateway',
            metricName,
            dimensionsMap: {
              ApiId: api.apiId,
              Stage: DEFAULT_STAGE,
              Method: route.method,
              Resource: route.path,
            },
            statistic,
            period: FIVE_MINUTES,
            label: `${route.method} ${route.path}`,
          }),
      );
    const perFunction = (metric: (fn: IFunction) => IMetric) => watched.map(({ fn }) => metric(fn));
    const cognito = (metricName: string) =>
      new Metric({
        namespace: 'AWS/Cognito',
        metricName,
        dimensionsMap: { UserPool: props.userPoolId, UserPoolClient: props.userPoolClientId },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    const ses = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Sum', period: FIVE_MINUTES });
    const graph = (title: string, left: IMetric[], width = 12) =>
      new GraphWidget({ title, left, width, height: 6, legendPosition: undefined });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Relocation ${config.stage}\nAlarms go to the topic \`${config.stage}\` alarm e-mails subscribe to (infra/config/stages.ts).`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('API 4xx per route', perRoute('4xx', 'Sum')),
      graph('API 5xx per route', perRoute('5xx', 'Sum')),
    );
    this.dashboard.addWidgets(graph('API latency p90 per route (ms)', perRoute('Latency', 'p90'), 24));
    this.dashboard.addWidgets(
      graph(
        'Lambda errors',
        perFunction((fn) => fn.metricErrors({ period: FIVE_MINUTES })),
        8,
      ),
      graph(
        'Lambda duration p90 (ms)',
        perFunction((fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p90' })),
        8,
      ),
      graph(
        'Lambda throttles',
        perFunction((fn) => fn.metricThrottles({ period: FIVE_MINUTES })),
        8,
      ),
    );
    const indexes = TABLE_KEYS.indexes.map((index) => index.name);
    this.dashboard.addWidgets(
      graph('DynamoDB consumed capacity (table and indexes)', [
        dynamo('ConsumedReadCapacityUnits'),
        dynamo('ConsumedWriteCapacityUnits'),
        ...indexes.flatMap((index) => [
          dynamo('ConsumedReadCapacityUnits', index),
          dynamo('ConsumedWriteCapacityUnits', index),
        ]),
      ]),
      graph('DynamoDB throttles (table and indexes)', [
        dynamo('ReadThrottleEvents'),
        dynamo('WriteThrottleEvents'),
        ...indexes.flatMap((index) => [
          dynamo('ReadThrottleEvents', index),
          dynamo('WriteThrottleEvents', index),
        ]),
      ]),
    );
    this.dashboard.addWidgets(
      graph('Cognito sign-ins and sign-ups', [cognito('SignInSuccesses'), cognito('SignUpSuccesses')], 8),
      graph('SES bounces and complaints (account)', [ses('Bounce'), ses('Complaint')], 8),
      // Tokens are thousands a question: beside the counts they would flatten every line.
      graph(
        'Business events',
        BUSINESS_METRICS.filter((name) => name !== 'CompanionTokens').map(business),
        8,
      ),
    );
    this.dashboard.addWidgets(graph("Companion model's tokens", [business('CompanionTokens')], 24));
  }
}
