import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ssm = mockClient(SSMClient);
const fresh = async () => {
  vi.resetModules();
  return (await import('./app-origin')).appOrigin;
};

describe('appOrigin', () => {
  beforeEach(() => {
    ssm.reset();
    vi.stubEnv('APP_ORIGIN', '');
    vi.stubEnv('APP_ORIGIN_PARAMETER', '/relocation/dev/app-origin');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('uses APP_ORIGIN when the stage knows its origin at deploy, without asking SSM', async () => {
    vi.stubEnv('APP_ORIGIN', 'https://app.relocate-germany.de');
    const appOrigin = await fresh();
    expect(await appOrigin()).toBe('https://app.relocate-germany.de');
    expect(ssm.calls()).toHaveLength(0);
  });

  it('reads the published origin from SSM once per container', async () => {
    ssm.on(GetParameterCommand, { Name: '/relocation/dev/app-origin' }).resolves({
      Parameter: { Value: 'https://d111.cloudfront.net' },
    });
    const appOrigin = await fresh();
    expect(await appOrigin()).toBe('https://d111.cloudfront.net');
    expect(await appOrigin()).toBe('https://d111.cloudfront.net');
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('asks again after a failed read instead of keeping the failure', async () => {
    ssm
      .on(GetParameterCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ Parameter: { Value: 'https://d111.cloudfront.net' } });
    const appOrigin = await fresh();
    await expect(appOrigin()).rejects.toThrow('throttled');
    expect(await appOrigin()).toBe('https://d111.cloudfront.net');
  });

  it('fails clearly when neither variable is set', async () => {
    vi.stubEnv('APP_ORIGIN_PARAMETER', '');
    const appOrigin = await fresh();
    await expect(appOrigin()).rejects.toThrow(
      'Missing environment variable APP_ORIGIN or APP_ORIGIN_PARAMETER',
    );
  });
});
