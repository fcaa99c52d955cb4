// Per-stage settings (issue 7 grows this into the full deployment config).
export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Production data survives a stack deletion and cannot be deleted by accident. */
  protectData: boolean;
}

export function stageConfig(stage: string): StageConfig {
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`Unknown stage "${stage}": use one of ${STAGES.join(', ')}`);
  }
  return { stage: stage as Stage, protectData: stage === 'prod' };
}
