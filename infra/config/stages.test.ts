import { describe, expect, it } from 'vitest';
import { launchRehearsal } from './launch-rehearsal';
import { deployTarget, launchProblems, STAGES, stageConfig } from './stages';

/** Prod with its placeholders filled in. */
const READY_PROD = launchRehearsal(stageConfig('prod'));

describe('stage settings', () => {
  it('puts every stage in Frankfurt, as the privacy policy promises', () => {
    for (const stage of STAGES) expect(stageConfig(stage).region).toBe('eu-central-1');
  });

  it("targets the stage's region whatever the CDK CLI filled in", () => {
    // The CLI sets CDK_DEFAULT_REGION to us-east-1 when the machine has no region configured.
    expect(deployTarget(stageConfig('dev'), { CDK_DEFAULT_REGION: 'us-east-1' })).toEqual({
      account: undefined,
      region: 'eu-central-1',
    });
    expect(
      deployTarget(stageConfig('dev'), {
        CDK_DEFAULT_REGION: 'us-east-1',
        CDK_DEFAULT_ACCOUNT: '111111111111',
      }),
    ).toEqual({ account: '111111111111', region: 'eu-central-1' });
  });

  it('refuses a region or account the deployer chose that the stage does not live in', () => {
    expect(() => deployTarget(stageConfig('dev'), { AWS_REGION: 'us-east-1' })).toThrow(
      'AWS_REGION is us-east-1, but stage dev lives in eu-central-1',
    );
    expect(() => deployTarget(stageConfig('dev'), { AWS_DEFAULT_REGION: 'eu-west-1' })).toThrow(
      'AWS_DEFAULT_REGION is eu-west-1',
    );
    expect(deployTarget(stageConfig('dev'), { AWS_REGION: 'eu-central-1' }).region).toBe('eu-central-1');
    const pinned = { ...stageConfig('dev'), account: '222222222222' };
    expect(() => deployTarget(pinned, { CDK_DEFAULT_ACCOUNT: '111111111111' })).toThrow(
      'the credentials are for account 111111111111, but stage dev is in 222222222222',
    );
    expect(deployTarget(pinned, { CDK_DEFAULT_ACCOUNT: '222222222222' }).account).toBe('222222222222');
  });

  it('refuses to synthesize prod with example settings, saying what to fill in', () => {
    const problems = launchProblems(stageConfig('prod'));
    expect(problems).toEqual([
      'customDomain.site is a placeholder (app.relocate-germany.example)',
      'customDomain.siteCertificateArn is a placeholder (arn:aws:acm:us-east-1:000000000000:certificate/replace-me)',
      'customDomain.api is a placeholder (api.app.relocate-germany.example)',
      'customDomain.apiCertificateArn is a placeholder (arn:aws:acm:eu-central-1:000000000000:certificate/replace-me)',
      'mailFrom is a placeholder (no-reply@relocate-germany.example)',
      "mailVerified is false: prod mails through its verified SES domain, not Cognito's capped sender",
      "supportEmail is a placeholder (support@relocate-germany.example): customers' messages would reach nobody",
      'alarmEmails is empty: nobody would hear of an alarm',
    ]);
    expect(() => deployTarget(stageConfig('prod'), {})).toThrow(
      /^Stage prod cannot be synthesized:\n- customDomain/,
    );
    expect(launchProblems({ ...READY_PROD, customDomain: undefined })).toEqual([
      'customDomain is missing: prod is served on its own domain',
    ]);
    expect(launchProblems(READY_PROD)).toEqual([]);
  });

  it('lets dev and staging run on the CloudFront URL and Cognito mail, but not on a placeholder domain', () => {
    expect(launchProblems(stageConfig('dev'))).toEqual([]);
    expect(launchProblems(stageConfig('staging'))).toEqual([]);
    expect(
      launchProblems({
        ...stageConfig('dev'),
        customDomain: {
          site: 'dev.x.example',
          siteCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/site',
          api: 'api.dev.relocate-germany.de',
          apiCertificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/api',
        },
      }),
    ).toEqual(['customDomain.site is a placeholder (dev.x.example)']);
  });
});
