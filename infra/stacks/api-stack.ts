import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  type HttpMethod,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routes } from '../../functions/src/routes';
import type { StageConfig } from '../config/stages';
import { lambdaFor } from './lambda';
import { HANDLER_PERMISSIONS } from './route-permissions';

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/**
 * The HTTP API, GENERATED FROM THE ROUTE TABLE the local server mounts: one Lambda and one
 * route per entry, the Cognito JWT authorizer on every non-public route.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      config: StageConfig;
      table: ITableV2;
      documents: IBucket;
      userPool: UserPool;
      client: UserPoolClient;
    },
  ) {
    super(scope, id, props);
    const { config, table, documents, userPool, client } = props;
    this.api = new HttpApi(this, 'Api', {
      corsPreflight: {
        allowOrigins: [config.origin],
        allowMethods: [CorsHttpMethod.ANY],
        allowHeaders: ['authorization', 'content-type', 'accept-language'],
      },
    });
    const authorizer: IHttpRouteAuthorizer = new HttpJwtAuthorizer(
      'Cognito',
      `https://cognito-idp.${this.region}.amazonaws.com/${userPool.userPoolId}`,
      { jwtAudience: [client.userPoolClientId] },
    );
    for (const route of routes) {
      const permissions = HANDLER_PERMISSIONS[route.handler];
      if (!permissions) throw new Error(`No permissions declared for handler ${route.handler}`);
      const fn = lambdaFor(this, pascal(route.handler), 'handlers', route.handler, permissions, {
        config,
        table,
        bucket: documents,
        userPoolId: userPool.userPoolId,
        userPoolArn: userPool.userPoolArn,
      });
      this.api.addRoutes({
        path: route.path,
        methods: [route.method as HttpMethod],
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn),
        ...(route.access === 'public' ? {} : { authorizer }),
      });
    }
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }
}
