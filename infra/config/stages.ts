// Per-stage settings: everything that differs between dev, staging and prod.
import type { AnswerMode } from '@functions/companion/answerer';

export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Where our data lives: Frankfurt, as the privacy policy promises. */
export const HOME_REGION = 'eu-central-1';
/** CloudFront's own region: a web ACL for a distribution can only be made here. */
export const EDGE_REGION = 'us-east-1';

/** A stage served on its own domain instead of the CloudFront URL. */
export interface CustomDomain {
  /** The SPA's host name, e.g. `app.example.de` (a CNAME to the distribution). */
  site: string;
  /** ACM certificate for `site`, in us-east-1 (CloudFront's rule). */
  siteCertificateArn: string;
  /** The API's own host name, CloudFront's origin for `/api/*`, e.g. `api.app.example.de`. */
  api: string;
  /** ACM certificate for `api`, in the stage's region. */
  apiCertificateArn: string;
}

/**
 * How the companion answers on a stage (docs/product.md#companion). `extractive` quotes the guide
 * and calls no model; `bedrock` asks a model through Bedrock's Converse API with the stack's
 * guardrail, and falls back to the extractive answer whenever the model fails or refuses.
 */
export type CompanionConfig =
  | { answerer: Extract<AnswerMode, 'extractive'> }
  | {
      answerer: Extract<AnswerMode, 'bedrock'>;
      /**
       * A foundation model id (`amazon.nova-lite-v1:0`) or a cross-Region inference profile id
       * (`eu.amazon.nova-lite-v1:0`). The model must be enabled in the stage's account
       * (Bedrock console, Model access: docs/runbook.md), else every question falls back.
       */
      modelId: string;
      /**
       * The Regions an inference profile routes to (its destination Regions: `aws bedrock
       * get-inference-profile --inference-profile-identifier <id>`): IAM allows the model in
       * exactly these. A Region AWS adds later is refused (the answer falls back) until listed here.
       * For a plain model id: the stage's region only.
       */
      modelRegions: readonly string[];
      /** Tokens (input + output) a month; a day above its 30th share alarms (monitoring.ts). */
      monthlyTokenBudget: number;
    };

export interface StageConfig {
  stage: Stage;
  /** Every stack of the stage is made here (the edge firewall aside, see EDGE_REGION). */
  region: string;
  /** When set, synth refuses credentials of any other account (no deploy into the wrong one). */
  account?: string;
  /** Production data survives a stack deletion and cannot be deleted by accident. */
  protectData: boolean;
  /**
   * With a custom domain the stage serves the SPA there; without one it serves it on the
   * CloudFront URL the Web stack prints (fine for dev and staging; prod needs its domain).
   */
  customDomain?: CustomDomain;
  /** The sender of every mail; its domain is the stage's SES identity. */
  mailFrom: string;
  /** The support team's address: mailed when a customer writes a message. */
  supportEmail: string;
  /**
   * The sender domain has passed SES verification (its DKIM records are in DNS). Until then
   * Cognito sends its mails itself (a daily cap, fine for a first deploy): a user pool pointed
   * at an unverified SES identity cannot be created.
   */
  mailVerified: boolean;
  /** Cognito threat protection (advanced security) costs money: on where it matters. */
  threatProtection: boolean;
  /** Who gets the alarm mails (each confirms the SNS subscription once). */
  alarmEmails: string[];
  /** The stage's monthly cost budget in USD: a mail at 80% spent and at 100% forecast. */
  monthlyBudgetUsd: number;
  /** GuardDuty Malware Protection scans every upload before it is accepted (billed per GB). */
  malwareScan: boolean;
  /** A daily AWS Backup of the table and the documents bucket, kept RECOVERY_DAYS (billed per GB). */
  backupPlan: boolean;
  /**
   * The stateful stacks (Data, Auth) refuse to be deleted (CloudFormation termination
   * protection): their table, bucket, key and user pool are what a stage cannot rebuild.
   * Off on dev only, the one stage `npm run destroy` is for (docs/runbook.md).
   */
  terminationProtection: boolean;
  companion: CompanionConfig;
}

/**
 * Amazon Nova Lite through its EU cross-Region inference profile: answers in English and
 * German, stays in the EU's Regions, and costs a fraction of larger models. The profile (and
 * the model behind it) must be enabled in the account first (docs/runbook.md#the-companions-model).
 */
const NOVA_LITE_EU = {
  answerer: 'bedrock',
  modelId: 'eu.amazon.nova-lite-v1:0',
  modelRegions: ['eu-central-1', 'eu-north-1', 'eu-west-1', 'eu-west-3'],
} as const;

const DEFAULTS: Record<Stage, Omit<StageConfig, 'stage'>> = {
  dev: {
    region: HOME_REGION,
    protectData: false,
    mailFrom: 'no-reply@dev.relocate-germany.example',
    supportEmail: 'support@dev.relocate-germany.example',
    mailVerified: false,
    threatProtection: false,
    alarmEmails: ['alarms@dev.relocate-germany.example'],
    monthlyBudgetUsd: 50,
    malwareScan: false,
    backupPlan: false,
    terminationProtection: false,
    // No model on dev: nothing to enable in its account, no token costs; staging tries the model.
    companion: { answerer: 'extractive' },
  },
  staging: {
    region: HOME_REGION,
    protectData: false,
    mailFrom: 'no-reply@staging.relocate-germany.example',
    supportEmail: 'support@staging.relocate-germany.example',
    mailVerified: false,
    threatProtection: false,
    alarmEmails: ['alarms@staging.relocate-germany.example'],
    monthlyBudgetUsd: 100,
    malwareScan: true,
    // Its data is the team's test accounts: point-in-time recovery and versions are enough.
    backupPlan: false,
    terminationProtection: true,
    companion: { ...NOVA_LITE_EU, monthlyTokenBudget: 5_000_000 },
  },
  // Not launchable as it stands, on purpose: `launchProblems` lists what to fill in first.
  prod: {
    region: HOME_REGION,
    protectData: true,
    customDomain: {
      site: 'app.relocate-germany.example',
      siteCertificateArn: 'arn:aws:acm:us-east-1:000000000000:certificate/replace-me',
      api: 'api.app.relocate-germany.example',
      apiCertificateArn: 'arn:aws:acm:eu-central-1:000000000000:certificate/replace-me',
    },
    mailFrom: 'no-reply@relocate-germany.example',
    supportEmail: 'support@relocate-germany.example',
    mailVerified: false,
    threatProtection: true,
    alarmEmails: [],
    monthlyBudgetUsd: 500,
    malwareScan: true,
    backupPlan: true,
    terminationProtection: true,
    // About 2,500 tokens a question (passages, facts, answer): some 20,000 questions a month.
    companion: { ...NOVA_LITE_EU, monthlyTokenBudget: 50_000_000 },
  },
};

/**
 * A stage's settings, from this file only: what a deploy does is in git, so no deploy can
 * silently undo another's command-line flags.
 */
export function stageConfig(stage: string): StageConfig {
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}": use one of ${STAGES.join(', ')}`);
  }
  return { stage: stage as Stage, ...DEFAULTS[stage as Stage] };
}

/** The SPA's public origin when the stage has a domain; otherwise the CloudFront URL decides. */
export const configuredOrigin = (config: StageConfig): string | undefined =>
  config.customDomain ? `https://${config.customDomain.site}` : undefined;

const PLACEHOLDER = /\.example$|replace-me|:000000000000:/;

/**
 * What stops a stage from serving real people, in words an operator can act on. Prod must
 * have all of it; the other stages may run on the CloudFront URL and Cognito's own mail.
 */
export function launchProblems(config: StageConfig): string[] {
  const problems: string[] = [];
  const domain = config.customDomain;
  if (domain) {
    for (const [name, value] of Object.entries(domain)) {
      if (PLACEHOLDER.test(value)) problems.push(`customDomain.${name} is a placeholder (${value})`);
    }
  }
  if (config.stage !== 'prod') return problems;
  if (!domain) problems.push('customDomain is missing: prod is served on its own domain');
  if (PLACEHOLDER.test(config.mailFrom.split('@')[1] ?? ''))
    problems.push(`mailFrom is a placeholder (${config.mailFrom})`);
  if (!config.mailVerified)
    problems.push(
      "mailVerified is false: prod mails through its verified SES domain, not Cognito's capped sender",
    );
  if (PLACEHOLDER.test(config.supportEmail.split('@')[1] ?? ''))
    problems.push(
      `supportEmail is a placeholder (${config.supportEmail}): customers' messages would reach nobody`,
    );
  if (config.alarmEmails.length === 0) problems.push('alarmEmails is empty: nobody would hear of an alarm');
  return problems;
}

/**
 * The account and region to deploy a stage to: the stage's, whatever the deployer's machine
 * says. The CDK CLI always fills CDK_DEFAULT_REGION (with us-east-1 when nothing is set), so
 * that variable is ignored; a region or account the deployer chose on purpose (AWS_REGION,
 * AWS_DEFAULT_REGION, credentials of another account) that disagrees fails the synth, as do
 * a stage's launch problems.
 */
export function deployTarget(
  config: StageConfig,
  environment: Record<string, string | undefined>,
): { account?: string; region: string } {
  const errors = launchProblems(config);
  for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION']) {
    const chosen = environment[name];
    if (chosen && chosen !== config.region)
      errors.push(`${name} is ${chosen}, but stage ${config.stage} lives in ${config.region}`);
  }
  const credentials = environment.CDK_DEFAULT_ACCOUNT;
  if (config.account && credentials && credentials !== config.account)
    errors.push(
      `the credentials are for account ${credentials}, but stage ${config.stage} is in ${config.account}`,
    );
  if (errors.length > 0) {
    throw new Error(
      `Stage ${config.stage} cannot be synthesized:\n- ${errors.join('\n- ')}\nFix infra/config/stages.ts or the environment.`,
    );
  }
  return { account: config.account ?? credentials, region: config.region };
}

/**
 * Days a deleted customer's data can still be recovered, and after which it is gone for good,
 * from the privacy policy ('expire after 35 days'): the table's point-in-time recovery window,
 * the documents' noncurrent versions and the prod backups are all kept this long.
 */
export const RECOVERY_DAYS = 35;

/** Log retention in days, from the privacy policy ('Log files are deleted within seven days'). */
export const LOG_RETENTION_DAYS = 7;
