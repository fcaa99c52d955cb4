import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type CfnStage, DomainName, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { CompanionGuardrail } from './companion-guardrail';
import { type FunctionDeps, LOG_RETENTION, type ResourceRef } from './lambda';
import { DailyReminders } from './reminders';
import { addRouteFunctions, type Gateway, type RouteFunction, routesOf } from './route-stacks';

/**
 * The HTTP API, GENERATED FROM THE ROUTE TABLE the local server mounts: the gateway (the API,
 * its domain, stage, access logs and the Cognito JWT authorizer every non-public route carries),
 * and one Lambda and one route per entry of the customers' app and the public ones. The routes
 * of other audiences attach to this gateway from their own stacks (route-stacks.ts, ROUTE_STACK).
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly originHost: string;
  readonly gateway: Gateway;
  /** What every route's Lambda is given (any stack's): table, bucket, pool, key, guardrail. */
  readonly functionDeps: FunctionDeps;
  readonly routeFunctions: RouteFunction[];
  readonly reminders: DailyReminders;

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
    // One authorizer for every stack's routes (made in this stack, under the API, by the first bind).
    const authorizer = new HttpJwtAuthorizer(
      'Cognito',
      `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      { jwtAudience: [client.userPoolClientId] },
    );
    this.gateway = { api: this.api, authorizer };
    // The companion's guardrail, on a stage whose companion answers with a model.
    const guardrail =
      config.companion.answerer === 'bedrock'
        ? new CompanionGuardrail(this, 'CompanionGuardrail', config).ref
        : undefined;
    this.functionDeps = {
      config,
      table,
      bucket: documents,
      userPoolId: userPool.userPoolId,
      userPoolArn: userPool.userPoolArn,
      unsubscribeKeyArn: props.unsubscribeKeyArn,
      ...(guardrail ? { guardrail } : {}),
    };
    // Routes under the API construct, as HttpApi.addRoutes puts them (their logical ids).
    this.routeFunctions = addRouteFunctions(this, this.api, this.gateway, routesOf('Api'), this.functionDeps);
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

    this.reminders = new DailyReminders(this, 'Reminders', {
      config,
      table,
      unsubscribeKeyArn: props.unsubscribeKeyArn,
    });

    new CfnOutput(this, 'ApiUrl', { value: domain ? `https://${domain.api}` : this.api.apiEndpoint });
  }
}
