import { launchProblems, type StageConfig } from './stages';

/**
 * A stage as its operator fills it in before launch, with made-up values where the committed
 * settings still hold placeholders: what the tests and `npm run cfn-lint` check prod's
 * templates with while the real domain, certificates and sender are not decided. Never
 * deployed: infra/app.ts refuses placeholders (launchProblems) and uses the settings as they are.
 */
export function launchRehearsal(config: StageConfig): StageConfig {
  if (launchProblems(config).length === 0) return config;
  const account = '123456789012';
  return {
    ...config,
    customDomain: {
      site: 'app.relocate-germany.de',
      siteCertificateArn: `arn:aws:acm:us-east-1:${account}:certificate/rehearsal-site`,
      api: 'api.app.relocate-germany.de',
      apiCertificateArn: `arn:aws:acm:${config.region}:${account}:certificate/rehearsal-api`,
    },
    mailFrom: 'no-reply@relocate-germany.de',
    mailVerified: true,
    supportEmail: 'support@relocate-germany.de',
    alarmEmails: ['ops@relocate-germany.de'],
  };
}
