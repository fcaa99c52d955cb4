// The daily reminder job on AWS (functions/src/jobs/send-reminders.ts): EventBridge Scheduler
// invokes it at 06:00 German time (the schedule's own time zone, so summer time needs nothing),
// retries a failed invocation twice and then keeps the event in a dead-letter queue, whose
// message raises an alarm. A rerun sends no reminder twice (the job's marks).
import { JOB_PERMISSIONS } from '@functions/routes';
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { lambdaFor, type ResourceRef } from './lambda';

/** When the job runs: every day at 06:00 in Germany. */
export const REMINDER_SCHEDULE = { expression: 'cron(0 6 * * ? *)', timeZone: 'Europe/Berlin' } as const;

export class DailyReminders extends Construct {
  readonly function: NodejsFunction;
  readonly failures: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: { config: StageConfig; table: ResourceRef; unsubscribeKeyArn: string },
  ) {
    super(scope, id);
    this.function = lambdaFor(
      this,
      'SendReminders',
      'jobs',
      'send-reminders',
      JOB_PERMISSIONS['send-reminders'],
      {
        ...props,
        // Its cost follows the reminders due, not the customers; a day of thousands fits.
        timeout: Duration.minutes(15),
      },
    );
    const failures = new Queue(this, 'Failures', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    // The scheduler's own role: invoke this function and dead-letter into this queue, nothing else.
    const role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['lambda:InvokeFunction'],
        resources: [this.function.functionArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['sqs:SendMessage'],
        resources: [failures.queueArn],
      }),
    );
    for (const id of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'])
      Validations.of(failures).acknowledge({
        id,
        reason:
          'This queue is itself the dead-letter queue of the reminder schedule; nothing consumes it to fail again.',
      });
    new CfnSchedule(this, 'Daily', {
      scheduleExpression: REMINDER_SCHEDULE.expression,
      scheduleExpressionTimezone: REMINDER_SCHEDULE.timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.function.functionArn,
        roleArn: role.roleArn,
        input: '{}',
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
        deadLetterConfig: { arn: failures.queueArn },
      },
    });
    this.failures = failures;
  }

  /**
   * An alarm on any run that failed for good (a message in the dead-letter queue), made in
   * `scope`: the stage's monitoring, which lives in a stack of its own with the other alarms.
   */
  alarmTo(scope: Construct, topic: ITopic): void {
    new Alarm(scope, 'ReminderFailedRuns', {
      alarmDescription: 'The daily reminder job failed after its retries (see its dead-letter queue).',
      metric: this.failures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(topic));
  }
}
