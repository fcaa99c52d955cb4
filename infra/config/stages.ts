// Per-stage settings: everything that differs between dev, staging and prod.
export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Production data survives a stack deletion and cannot be deleted by accident. */
  protectData: boolean;
  /** The SPA's public origin (CORS, links in e-mails). Until a domain is set, the CloudFront URL. */
  origin: string;
  /** The sender of every mail; its domain is the stage's SES identity. */
  mailFrom: string;
  /**
   * The sender domain has passed SES verification (its DKIM records are in DNS). Until then
   * Cognito sends its mails itself (a daily cap, fine for a first deploy): a user pool pointed
   * at an unverified SES identity cannot be created.
   */
  mailVerified: boolean;
  /** Cognito threat protection (advanced security) costs money: on where it matters. */
  threatProtection: boolean;
}

const DEFAULTS: Record<Stage, Omit<StageConfig, 'stage'>> = {
  dev: {
    protectData: false,
    origin: 'https://dev.relocate-germany.example',
    mailFrom: 'no-reply@dev.relocate-germany.example',
    mailVerified: false,
    threatProtection: false,
  },
  staging: {
    protectData: false,
    origin: 'https://staging.relocate-germany.example',
    mailFrom: 'no-reply@staging.relocate-germany.example',
    mailVerified: false,
    threatProtection: false,
  },
  prod: {
    protectData: true,
    origin: 'https://app.relocate-germany.example',
    mailFrom: 'no-reply@relocate-germany.example',
    mailVerified: false,
    threatProtection: true,
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

/** Log retention in days, from the privacy policy ('Log files are deleted within seven days'). */
export const LOG_RETENTION_DAYS = 7;

/**
 * CloudFormation export names the data stack hands to the others. Fixed per stage (not CDK's
 * generated ones) so policies read the same in every synthesis and cdk-nag acknowledgements
 * can name them.
 */
export const exportName = (
  config: StageConfig,
  what: 'TableName' | 'TableArn' | 'DocumentsName' | 'DocumentsArn',
) => `Relocation-${config.stage}-${what}`;
