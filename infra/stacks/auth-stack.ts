import { JOB_PERMISSIONS, TRIGGER_PERMISSIONS, triggers } from '@functions/routes';
import { ADMIN_GROUP, HR_GROUP, PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import {
  ConfigurationSet,
  ConfigurationSetEventDestination,
  EmailSendingEvent,
  EventDestination,
  type IConfigurationSet,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { BLOCKED_COGNITO_OPERATIONS, cognitoTarget } from '../config/cognito-operations';
import { stageParameter } from '../config/parameters';
import type { StageConfig } from '../config/stages';
import { RATE_LIMITS, rateRule, visibility } from './firewall-rules';
import { lambdaFor, mailConfigurationName, type ResourceRef } from './lambda';

/** Cognito: e-mail sign-in with verification, the sign-up password rule (docs/product.md#sign-up), the admin group. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The trigger functions and the SES feedback function (their errors alarm in the Monitoring stack). */
  readonly triggers: IFunction[];
  /** The SES configuration set every mail of the stage is sent with (made by the Data stack). */
  readonly mailConfiguration: IConfigurationSet;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig; table: ResourceRef }) {
    super(scope, id, props);
    const { config, table } = props;
    // The sender domain and its configuration set live in the Data stack, deployed (and the
    // domain verified) before a pool may mail through them.
    const domain = config.mailFrom.split('@')[1] ?? config.mailFrom;
    this.mailConfiguration = ConfigurationSet.fromConfigurationSetName(
      this,
      'Mail',
      mailConfigurationName(config),
    );

    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      // One person, one account: Case-X@Example.com and case-x@example.com are the same user.
      // Fixed when the pool is created; CloudFormation cannot change it later.
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // A second factor by authenticator app (TOTP) only, no SMS: optional for customers; every
      // admin route refuses an admin without one (functions/src/edge/second-factor.ts).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true, email: false },
      // Cognito's own sender until the stage's SES domain is verified (see StageConfig.mailVerified).
      email: config.mailVerified
        ? UserPoolEmail.withSES({
            fromEmail: config.mailFrom,
            sesVerifiedDomain: domain,
            configurationSetName: this.mailConfiguration.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
      featurePlan: config.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: config.threatProtection
        ? StandardThreatProtectionMode.FULL_FUNCTION
        : StandardThreatProtectionMode.NO_ENFORCEMENT,
      removalPolicy: config.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      deletionProtection: config.protectData,
    });
    new CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
    });
    // HR users of companies (a membership item names their company).
    new CfnUserPoolGroup(this, 'HrGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: HR_GROUP,
    });
    // For the operator's commands (npm run admin): the pool by its stage.
    new StringParameter(this, 'UserPoolIdParameter', {
      parameterName: stageParameter(config.stage, 'user-pool-id'),
      stringValue: this.userPool.userPoolId,
    });

    // The Cognito triggers, from the route module's trigger table.
    const operations = {
      CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
      PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
    } as const;
    this.triggers = Object.entries(operations).map(([id, operation]) => {
      const name = triggers[id as keyof typeof operations];
      const fn = lambdaFor(this, id, 'triggers', name, TRIGGER_PERMISSIONS[name], { config, table });
      this.userPool.addTrigger(operation, fn);
      return fn;
    });

    const feedback = new Topic(this, 'MailFeedback', {
      displayName: `Relocation ${config.stage} SES feedback`,
      enforceSSL: true,
    });
    new ConfigurationSetEventDestination(this, 'BouncesAndComplaints', {
      configurationSet: this.mailConfiguration,
      destination: EventDestination.snsTopic(feedback),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    const feedbackFunction = lambdaFor(
      this,
      'SesFeedback',
      'jobs',
      'ses-feedback',
      JOB_PERMISSIONS['ses-feedback'],
      {
        config,
        table,
        userPoolId: this.userPool.userPoolId,
        userPoolArn: this.userPool.userPoolArn,
        // SNS invokes it asynchronously: what fails after Lambda's retries is kept here.
        deadLetterQueue: new Queue(this, 'SesFeedbackFailures', {
          enforceSSL: true,
          encryption: QueueEncryption.SQS_MANAGED,
          retentionPeriod: Duration.days(14),
        }),
      },
    );
    feedback.addSubscription(new LambdaSubscription(feedbackFunction));
    Validations.of(this.node.findChild('SesFeedbackFailures')).acknowledge({
      id: 'Serverless-SQSRedrivePolicy',
      reason:
        'This queue is itself the dead-letter queue of the SES feedback function; nothing consumes it to fail again.',
    });
    this.triggers.push(feedbackFunction);

    // Self-service calls that would go around the product (infra/config/cognito-operations.ts)
    // are blocked before Cognito runs them: a web ACL on the pool, matched on the operation;
    // the same ACL limits calls per IP.
    const firewall = new CfnWebACL(this, 'UserPoolFirewall', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`relocation-${config.stage}-user-pool`),
      rules: [
        {
          name: 'BlockSelfServiceBypass',
          priority: 0,
          action: { block: {} },
          statement: {
            orStatement: {
              statements: BLOCKED_COGNITO_OPERATIONS.map((operation) => ({
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: cognitoTarget(operation),
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              })),
            },
          },
          visibilityConfig: visibility('BlockSelfServiceBypass'),
        },
        // Password guessing and sign-up floods, per IP (Cognito's own quotas are per pool).
        rateRule('UserPoolRateLimit', 1, RATE_LIMITS.userPool),
      ],
    });
    new CfnWebACLAssociation(this, 'UserPoolFirewallAssociation', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: firewall.attrArn,
    });

    // The SPA: SRP sign-in, no secret, short-lived tokens refreshed from a 30-day refresh token.
    // No OAuth flows or callback URLs: the SPA never uses the hosted UI.
    this.client = this.userPool.addClient('Web', {
      authFlows: { userSrp: true },
      disableOAuth: true,
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
