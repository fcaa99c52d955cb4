// Business metrics as CloudWatch embedded metric format (EMF) lines, through Powertools'
// Metrics. This module is the one place their names live: the functions count with
// `countMetric`, and the CDK dashboard and alarms (infra/stacks) import the same constants,
// so a metric cannot be renamed on one side only.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { env } from '../config';
import { log, SERVICE_NAME } from './log';

export { SERVICE_NAME };

/** The CloudWatch namespace of every business metric. */
export const METRICS_NAMESPACE = 'Relocation';

/**
 * The dimensions of every business metric, exactly these: `service` (SERVICE_NAME) and
 * `stage` (the STAGE variable; 'local' locally).
 */
export const METRIC_DIMENSIONS = ['service', 'stage'] as const;

/** The dimension values of a stage's metrics, as CloudWatch's `dimensionsMap` wants them. */
export const metricDimensions = (stage: string): Record<(typeof METRIC_DIMENSIONS)[number], string> => ({
  service: SERVICE_NAME,
  stage,
});

/**
 * Every business metric, each a count (unit Count) of one event:
 * - SignUps: a confirmed sign-up (PostConfirmation trigger; not a password reset);
 * - Verifications: an admin verified an account;
 * - UploadsAccepted / UploadsRefused: a customer's upload confirmed / refused by the server's
 *   content check (size, file signature), on the confirm-upload route;
 * - ServiceRequests: a customer asked the team to handle a task (request-service route);
 * - Deletions: an account actually deleted (by its owner or an admin);
 * - MailFailures: a status mail not sent: failed after all its attempts, or not written
 *   because the app's origin could not be looked up;
 * - ScanFailures: an upload the malware scan could not check (refused);
 * - RemindersSent: a reminder mail sent by the daily job (one per customer and day at most);
 * - ReminderFailures: a customer's reminder schedule not settled (a write's refresh, or the
 *   daily job's look at them) or a reminder written as handled whose mail then failed;
 * - WaitingMailsSent: a mail to the team that a service request waits over 3 days (the daily
 *   job; one per wait at most);
 * - WaitingMailFailures: such a request whose mark failed, or marked whose mail then failed;
 * - CompanionBedrockAnswers / CompanionExtractiveAnswers: a companion question answered by the
 *   model / by quoting the guide (the answer shown; two metrics, as every business metric has
 *   exactly the dimensions above);
 * - CompanionFallbacks: a model's answer replaced by the extractive one (the model failed,
 *   was throttled, its guardrail intervened, or it cited nothing or a passage it was not given);
 * - CompanionTokens: the tokens (input + output) the companion's model used, the one metric
 *   counted by more than one (its monthly budget alarms: infra/stacks/monitoring.ts).
 */
export const BUSINESS_METRICS = [
  'SignUps',
  'Verifications',
  'UploadsAccepted',
  'UploadsRefused',
  'ServiceRequests',
  'Deletions',
  'MailFailures',
  'ScanFailures',
  'MessagesFromCustomers',
  'MessagesFromTeam',
  'RemindersSent',
  'ReminderFailures',
  'WaitingMailsSent',
  'WaitingMailFailures',
  'CompanionBedrockAnswers',
  'CompanionExtractiveAnswers',
  'CompanionFallbacks',
  'CompanionTokens',
] as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

let instance: Metrics | undefined;

/**
 * Created on first use, not on import: the CDK app imports the constants above. Output is
 * disabled by POWERTOOLS_METRICS_DISABLED=true.
 */
function metrics(): Metrics {
  instance ??= new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: SERVICE_NAME, // the `service` dimension
    defaultDimensions: { stage: env.stage },
    // Powertools' own warnings as our JSON lines, with the invocation's fields.
    logger: {
      debug: (message: unknown) => log.debug(String(message)),
      info: (message: unknown) => log.info(String(message)),
      warn: (message: unknown) => log.warn(String(message)),
      error: (message: unknown) => log.error(String(message)),
    },
  });
  return instance;
}

/**
 * Counts one business event (or `count` of them: tokens), published when the invocation ends
 * (`flushMetrics`). Never throws: a metric lost is logged, the request it counts goes on.
 */
export function countMetric(name: BusinessMetric, count = 1): void {
  try {
    metrics().addMetric(name, MetricUnit.Count, count);
  } catch (error) {
    log.warn('metric not counted', { metric: name, error });
  }
}

/**
 * Writes the invocation's counted metrics as one EMF line (nothing when none were counted, so
 * most requests write nothing). Called at the end of every invocation (lib/lambda.ts); never
 * throws, so publishing cannot fail a request.
 */
export function flushMetrics(): void {
  try {
    const current = metrics();
    if (current.hasStoredMetrics()) current.publishStoredMetrics();
  } catch (error) {
    log.warn('metrics not published', { error });
  }
}
