import { EXPORTS_PREFIX, INCOMING_PREFIX } from '@functions/store/object-keys';
import { type App, CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
// cdk-nag's own flattening of a resource ARN, so our finding ids are exactly the ones it reports.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { StageConfig } from './config/stages';
import { BACKUP_POLICIES } from './stacks/data-stack';

/**
 * cdk-nag's AwsSolutions pack (`npm run nag`, and a test in `npm test` that fails on any
 * finding not acknowledged here with its reason). Rule-wide acknowledgements first; then
 * the IAM wildcards we accept, matched per policy (and where CDK made them, per construct),
 * so any new wildcard still fails.
 */
export const ACKNOWLEDGED: { id: string; reason: string }[] = [
  {
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason:
      'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs; a hand-written copy would be the same policy.',
  },
  ...BACKUP_POLICIES.map((name) => ({
    id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`,
    reason:
      "AWS Backup's service role (prod's backup plan): AWS's own policies for backing up and restoring DynamoDB and S3, kept current by AWS as the services change; the role is only assumable by backup.amazonaws.com.",
  })),
  {
    id: 'AwsSolutions-COG1',
    reason: 'The product fixes the password rule at a minimum of 6 characters (docs/product.md#limits).',
  },
  {
    id: 'AwsSolutions-COG2',
    reason:
      'MFA is optional in the pool, by authenticator app (TOTP) only, because customers choose it (docs/product.md#two-step-sign-in); staff cannot choose: every admin route refuses an admin without a verified authenticator (403 mfa_required, functions/src/edge/second-factor.ts). A required pool would force it on every customer.',
  },
  {
    id: 'AwsSolutions-APIG4',
    reason:
      'Public by design: GET /api/health (liveness), the calendar feed (its secret token is the credential) and the unsubscribe link (HMAC-signed); every other route has the Cognito JWT authorizer.',
  },
  {
    id: 'AwsSolutions-S1',
    reason:
      'The site bucket holds only the public SPA build behind CloudFront, and the log buckets hold logs (a log bucket logging itself would loop); the documents bucket (personal data) has access logs.',
  },
  {
    id: 'AwsSolutions-SMG4',
    reason:
      "The unsubscribe links' HMAC key is no credential of a service: rotating it automatically would void every link already mailed. It is replaced by hand if it ever leaks (docs/runbook.md).",
  },
  {
    id: 'AwsSolutions-CFR1',
    reason: 'Customers relocate from every country; geo restriction would lock out our users.',
  },
  {
    id: 'AwsSolutions-CFR4',
    reason:
      'The default *.cloudfront.net certificate allows no minimum TLS setting; it applies with the custom domain.',
  },
  {
    id: 'Serverless-SNSRedrivePolicy',
    reason:
      "The alarm topic's only subscriptions are e-mail addresses: an alarm that cannot be mailed stays in ALARM state on CloudWatch and the dashboard; a dead-letter queue nobody reads would add nothing.",
  },
  {
    id: 'Serverless-LambdaDLQ',
    reason:
      'Every function but the SES feedback one (which has its DLQ) is invoked synchronously (API Gateway, Cognito triggers, the CloudFormation provider); a DLQ only receives failed asynchronous invocations.',
  },
];

/** One accepted IAM5 finding ('Action::…' or 'Resource::…', as cdk-nag prints it). */
interface AcceptedWildcard {
  finding: RegExp;
  /** Only in policies whose construct path matches (CDK-made helpers). */
  within?: RegExp;
  /** Only where every statement granting on this resource grants just these actions. */
  onlyActions?: RegExp;
  reason: string;
}

const SITE_DEPLOYMENT = /\/Custom::CDKBucketDeployment[0-9A-F]+\//;

/** Lambda functions CDK makes for its own helpers: their runtime is CDK's choice, not ours. */
const CDK_HELPER_FUNCTIONS = [
  SITE_DEPLOYMENT,
  // The singleton function of AwsCustomResource (the documents bucket's CORS).
  /\/AWS679f53fac002430cb0da5b7982bd2287\//,
  /\/CatalogueProvider\/framework-onEvent\//,
  /\/Custom::S3AutoDeleteObjectsCustomResourceProvider\//,
];

export const ACCEPTED_WILDCARDS = (config: StageConfig): AcceptedWildcard[] => {
  // The documents bucket's ARN as the route stacks read it: the Data stack's named output.
  const documents = `\\{"Fn::GetStackOutput":\\{"StackName":"Relocation-${config.stage}-Data","Region":"${config.region}","OutputName":"DocumentsArn"\\}\\}`;
  return [
    {
      finding: new RegExp(`^Resource::${documents}/\\*$`),
      reason:
        'Document keys are per user and per upload ({userId}/{id}.{ext}, docs/product.md#documents) and only known per request; the routes holding this grant check that the caller owns the document before touching its key.',
    },
    {
      finding: new RegExp(`^Resource::${documents}/${INCOMING_PREFIX}\\*$`),
      reason:
        'Upload routes presign PUTs for keys made per request; the grant is limited to the staging prefix, which expires unconfirmed objects.',
    },
    {
      finding: new RegExp(`^Resource::${documents}/${EXPORTS_PREFIX}\\*$`),
      onlyActions: /^s3:PutObject$/,
      reason:
        'The data export writes each archive under a key made per request ({userId}/{exportId}.zip); the grant is limited to the exports prefix, which a lifecycle rule empties after a day.',
    },
    {
      finding:
        /^Resource::arn:aws:events:[a-z0-9-]+:(<AWS::AccountId>|\d{12}):rule\/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3\*$/,
      within: /\/MalwareScanRole\//,
      reason:
        "GuardDuty Malware Protection names the EventBridge rule it manages itself (AWS's documented role policy for the service); the Put/Delete actions are limited to rules it manages.",
    },
    {
      finding: new RegExp(`^Resource::<Documents[0-9A-F]{8}\\.Arn>/${INCOMING_PREFIX}\\*$`),
      within: /\/MalwareScanRole\//,
      reason:
        'GuardDuty scans and tags every upload under the staging prefix, whose keys are made per request.',
    },
    {
      finding: /^Resource::\*$/,
      onlyActions: /^xray:(PutTraceSegments|PutTelemetryRecords)$/,
      reason:
        'X-Ray tracing (Tracing.ACTIVE): sending trace segments has no resource-level permissions, so AWS requires * for these two actions.',
    },
    {
      finding: /^Resource::<SeedCatalogue[0-9A-F]{8}\.Arn>:\*$/,
      within: /\/CatalogueProvider\//,
      reason:
        "The CDK custom-resource provider invokes our own seed function's versions (ARN with a version suffix).",
    },
    {
      finding: /^Resource::<Site[0-9A-F]{8}\.Arn>\/\*$/,
      within: SITE_DEPLOYMENT,
      reason:
        'The site deployment (CDK BucketDeployment) replaces the SPA build: every object of our own site bucket.',
    },
    {
      finding: /^Resource::arn:aws:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
      within: SITE_DEPLOYMENT,
      reason:
        'The site deployment reads its zipped build from the CDK bootstrap assets bucket; asset keys are content hashes.',
    },
    {
      finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
      within: SITE_DEPLOYMENT,
      reason:
        "Action groups of CDK's BucketDeployment grants, on the site and bootstrap assets buckets only; our own functions get single actions.",
    },
    {
      finding: /^Resource::\*$/,
      within: SITE_DEPLOYMENT,
      reason:
        'The site deployment invalidates the CloudFront cache (cloudfront:CreateInvalidation/GetInvalidation); CDK grants these on *.',
    },
  ];
};

/**
 * The IAM5 findings of one policy, flattened exactly as cdk-nag flattens them, each with the
 * actions granted alongside it.
 */
function wildcardFindings(policy: CfnPolicy): Map<string, string[]> {
  const document = Stack.of(policy).resolve(policy.policyDocument) as {
    Statement?: { Effect: string; Action?: string | string[]; Resource?: unknown }[];
  };
  const findings = new Map<string, string[]>();
  const add = (finding: string, actions: string[]) => {
    if (finding.includes('*')) findings.set(finding, [...(findings.get(finding) ?? []), ...actions]);
  };
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    const actions = [statement.Action ?? []].flat();
    for (const action of actions) add(`Action::${action}`, [action]);
    for (const resource of [statement.Resource ?? []].flat())
      add(`Resource::${flattenCfnReference(resource)}`, actions);
  }
  return findings;
}

/**
 * Adds the AwsSolutions checks to a fully built app. Returns which accepted wildcard (by
 * index) was acknowledged on how many policies, so a test can spot one that matches nothing.
 */
export function applyNag(app: App, config: StageConfig): number[] {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  for (const acknowledgement of ACKNOWLEDGED) Validations.of(app).acknowledge(acknowledgement);
  if (!config.threatProtection) {
    Validations.of(app).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Cognito Plus (threat protection) is billed per user: prod runs it, dev and staging run Essentials (infra/config/stages.ts).',
    });
  }
  const constructs = app.node.findAll();
  // Our functions must be on the latest runtime, sized and traced; CDK's helpers are excused.
  for (const node of constructs) {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') continue;
    if (CDK_HELPER_FUNCTIONS.some((path) => path.test(`${node.node.path}/`))) {
      const reason =
        'A CDK-managed helper (site deployment, custom resources, bucket auto-delete): CDK picks its runtime, memory and tracing.';
      for (const id of [
        'AwsSolutions-L1',
        'Serverless-LambdaLatestVersion',
        'Serverless-LambdaDefaultMemorySize',
        'Serverless-LambdaTracing',
      ])
        Validations.of(node).acknowledge({ id, reason });
    }
  }
  const accepted = ACCEPTED_WILDCARDS(config);
  const used = accepted.map(() => 0);
  for (const policy of constructs.filter((node): node is CfnPolicy => node instanceof CfnPolicy)) {
    for (const [finding, actions] of wildcardFindings(policy)) {
      const index = accepted.findIndex(
        (rule) =>
          rule.finding.test(finding) &&
          (!rule.within || rule.within.test(policy.node.path)) &&
          (!rule.onlyActions || actions.every((action) => rule.onlyActions?.test(action))),
      );
      const rule = accepted[index];
      if (!rule) continue;
      used[index] = (used[index] ?? 0) + 1;
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: rule.reason,
      });
    }
  }
  return used;
}
