import { routes } from '@functions/routes';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
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
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { LOG_RETENTION, lambdaFor, type ResourceRef } from './lambda';

/** A handler's kebab-case name as the PascalCase construct id its Lambda, role and alarm carry. */
export const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/**
 * The HTTP API, GENERATED FROM THE ROUTE TABLE the local server mounts: one Lambda and one
 * route per entry, the Cognito JWT authorizer on every non-public route.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly originHost: string;
  readonly alarms: Topic;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      config: StageConfig;
      table: ResourceRef;
      documents: ResourceRef;
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
    const functions: NodejsFunction[] = [];
    for (const route of routes) {
      const fn = lambdaFor(this, pascal(route.handler), 'handlers', route.handler, route.permissions, {
        config,
        table,
        bucket: documents,
        userPoolId: userPool.userPoolId,
        userPoolArn: userPool.userPoolArn,
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
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
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

    // Alarms, to one topic per stage: any Lambda error, API 5xx, DynamoDB throttling.
    this.alarms = new Topic(this, 'Alarms', {
      displayName: `Relocation ${config.stage} alarms`,
      enforceSSL: true,
    });
    const notify = new SnsAction(this.alarms);
    const alarm = (id: string, metric: Metric) =>
      new Alarm(this, id, {
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    // One alarm per function: CloudWatch alarms take at most 10 metrics in one expression.
    const watched = [
      ...functions.map((fn, i) => ({ fn, name: pascal(routes[i]?.handler ?? String(i)) })),
      ...(props.alsoWatch ?? []).map((fn) => ({ fn, name: pascal(fn.node.id) })),
    ];
    for (const { fn, name } of watched) {
      alarm(`LambdaErrors${name}`, fn.metricErrors({ period: Duration.minutes(5) }));
    }
    alarm('Api5xx', this.api.metricServerError({ period: Duration.minutes(5) }));
    // ReadThrottleEvents/WriteThrottleEvents exist per table; ThrottledRequests needs an
    // Operation dimension too, and an alarm without it would never fire.
    for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      alarm(
        `Dynamo${metricName}`,
        new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: table.name },
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
      );
    }

    new CfnOutput(this, 'ApiUrl', { value: domain ? `https://${domain.api}` : this.api.apiEndpoint });
  }
}
