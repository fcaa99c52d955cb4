import { permissionsOf, routes } from '@functions/routes';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  type CfnStage,
  DomainName,
  HttpApi,
  type HttpMethod,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { CompanionGuardrail } from './companion-guardrail';
import { LOG_RETENTION, lambdaFor, type ResourceRef } from './lambda';
import { Monitoring, pascal } from './monitoring';
import { DailyReminders } from './reminders';

/**
 * The HTTP API, GENERATED FROM THE ROUTE TABLE the local server mounts: one Lambda and one
 * route per entry, the Cognito JWT authorizer on every non-public route.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly originHost: string;
  readonly monitoring: Monitoring;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      config: StageConfig;
      table: ResourceRef;
      documents: ResourceRef;
      /** The secret that signs unsubscribe links (the Data stack's). */
      unsubscribeKeyArn: string;
      userPool: UserPool;
      client: UserPoolClient;
      /** Functions of the other stacks (Cognito triggers, catalogue seed) that alarm here too. */
      alsoWatch?: IFunction[];
    },
  ) {
    super(scope, id, props);
    const { config, table, documents, userPool, client } = props;
    // No CORS: the SPA calls the API on its own origin, through CloudFront's /api/* behaviour.
    // With a custom domain, CloudFront reaches the API on that domain and the default
    // execute-api endpoint is off, so no request goes around CloudFront's headers and firewall.
    const domain = config.customDomain;
    this.api = new HttpApi(this, 'Api', {
      ...(domain
        ? {
            disableExecuteApiEndpoint: true,
            defaultDomainMapping: {
              domainName: new DomainName(this, 'ApiDomain', {
                domainName: domain.api,
                certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', domain.apiCertificateArn),
              }),
            },
          }
        : {}),
    });
    /** The host CloudFront forwards /api/* to. */
    // Built from the API id (a Join) rather than cut out of apiEndpoint: CloudFormation resolves
    // Fn::GetStackOutput, as the Web stack reads it, inside a Join but not inside a Split.
    this.originHost = domain ? domain.api : `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const authorizer: IHttpRouteAuthorizer = new HttpJwtAuthorizer(
      'Cognito',
      `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      { jwtAudience: [client.userPoolClientId] },
    );
    // The companion's guardrail, on a stage whose companion answers with a model.
    const guardrail =
      config.companion.answerer === 'bedrock'
        ? new CompanionGuardrail(this, 'CompanionGuardrail', config).ref
        : undefined;
    const functions: NodejsFunction[] = [];
    for (const route of routes) {
      const fn = lambdaFor(this, pascal(route.handler), 'handlers', route.handler, permissionsOf(route), {
        config,
        table,
        bucket: documents,
        userPoolId: userPool.userPoolId,
        userPoolArn: userPool.userPoolArn,
        unsubscribeKeyArn: props.unsubscribeKeyArn,
        ...(guardrail ? { guardrail } : {}),
      });
      functions.push(fn);
      this.api.addRoutes({
        path: route.path,
        methods: [route.method as HttpMethod],
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn),
        ...(route.access === 'public' ? {} : { authorizer }),
      });
    }
    // Throttling and access logs on the default stage.
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    // Detailed metrics: 4xx, 5xx and latency per route, for the dashboard.
    stage.defaultRouteSettings = {
      throttlingBurstLimit: 200,
      throttlingRateLimit: 100,
      detailedMetricsEnabled: true,
    };
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: LOG_RETENTION });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };

    const reminders = new DailyReminders(this, 'Reminders', {
      config,
      table,
      unsubscribeKeyArn: props.unsubscribeKeyArn,
    });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      config,
      api: this.api,
      routeFunctions: functions,
      otherFunctions: [...(props.alsoWatch ?? []), reminders.function],
      table,
      userPoolId: userPool.userPoolId,
      userPoolClientId: client.userPoolClientId,
    });

    reminders.alarmTo(this.monitoring.alarms);

    new CfnOutput(this, 'ApiUrl', { value: domain ? `https://${domain.api}` : this.api.apiEndpoint });
  }
}
