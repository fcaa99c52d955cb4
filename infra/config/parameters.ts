import type { Stage } from './stages';

/**
 * SSM parameters a stage's stacks publish for what runs outside CloudFormation: the functions
 * (the SPA's origin, known only once the Web stack is deployed) and the operator's commands
 * (`npm run admin` and `npm run restore-customer`, which find the stage's table, documents bucket
 * and user pool by them).
 */
export type StageParameter = 'app-origin' | 'table-name' | 'documents-bucket' | 'user-pool-id';

export const stageParameter = (stage: Stage, name: StageParameter) => `/relocation/${stage}/${name}`;
