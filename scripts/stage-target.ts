// A stage on AWS as the operator's commands reach it (npm run admin, restore-customer): its own
// region (infra/config/stages.ts), the credentials of the shell, and the table, bucket and user
// pool found by the SSM parameters the stacks publish (infra/config/parameters.ts).
import { type StageParameter, stageParameter } from '../infra/config/parameters';
import { stageConfig } from '../infra/config/stages';

const ENV: Partial<Record<StageParameter, string>> = {
  'table-name': 'TABLE_NAME',
  'documents-bucket': 'BUCKET_NAME',
  'user-pool-id': 'USER_POOL_ID',
};

/** Points this process's store and adapters at stage `name`, reading the given parameters. */
export async function connectStage(
  name: string,
  parameters: StageParameter[] = ['table-name', 'user-pool-id'],
): Promise<void> {
  const config = stageConfig(name);
  process.env.AWS_REGION = config.region;
  const { SSMClient, GetParameterCommand } = await import('@aws-sdk/client-ssm');
  const ssm = new SSMClient({ region: config.region });
  for (const parameter of parameters) {
    const out = await ssm.send(new GetParameterCommand({ Name: stageParameter(config.stage, parameter) }));
    if (!out.Parameter?.Value)
      throw new Error(`SSM parameter ${stageParameter(config.stage, parameter)} is empty`);
    const variable = ENV[parameter];
    if (variable) process.env[variable] = out.Parameter.Value;
  }
}
