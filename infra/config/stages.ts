// Per-stage settings: everything that differs between dev, staging and prod.
export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Production data survives a stack deletion and cannot be deleted by accident. */
  protectData: boolean;
  /** The SPA's public origin (CORS, links in e-mails). Until a domain is set, the CloudFront URL. */
  origin: string;
  /** Verified SES sender. */
  mailFrom: string;
  logRetentionDays: number;
  /** Cognito threat protection (advanced security) costs money: on where it matters. */
  threatProtection: boolean;
}

const DEFAULTS: Record<Stage, Omit<StageConfig, 'stage'>> = {
  dev: {
    protectData: false,
    origin: 'https://dev.relocate-germany.example',
    mailFrom: 'no-reply@dev.relocate-germany.example',
    logRetentionDays: 14,
    threatProtection: false,
  },
  staging: {
    protectData: false,
    origin: 'https://staging.relocate-germany.example',
    mailFrom: 'no-reply@staging.relocate-germany.example',
    logRetentionDays: 30,
    threatProtection: false,
  },
  prod: {
    protectData: true,
    origin: 'https://app.relocate-germany.example',
    mailFrom: 'no-reply@relocate-germany.example',
    logRetentionDays: 90,
    threatProtection: true,
  },
};

export function stageConfig(stage: string): StageConfig {
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}": use one of ${STAGES.join(', ')}`);
  }
  return { stage: stage as Stage, ...DEFAULTS[stage as Stage] };
}

/**
 * CloudFormation export names the data stack hands to the others. Fixed per stage (not CDK's
 * generated ones) so policies read the same in every synthesis and cdk-nag acknowledgements
 * can name them.
 */
export const exportName = (
  config: StageConfig,
  what: 'TableName' | 'TableArn' | 'DocumentsName' | 'DocumentsArn',
) => `Relocation-${config.stage}-${what}`;
