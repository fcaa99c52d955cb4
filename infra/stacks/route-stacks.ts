import { type Access, permissionsOf, type RouteDef, routes } from '@functions/routes';
import { Stack, type StackProps } from 'aws-cdk-lib';
import {
  type HttpApi,
  type HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { type FunctionDeps, lambdaFor } from './lambda';
import { pascal } from './monitoring';

/**
 * CloudFormation takes at most 500 resources a stack; each of ours stays under this, so that a
 * stack has room for the routes of the next features (infra/stacks/stacks.test.ts checks every stage).
 */
export const STACK_RESOURCE_BUDGET = 400;

/** The stacks (`Relocation-<stage>-<name>`) that deploy the routes' Lambdas. */
export type RouteStackName = 'Api' | 'AdminApi' | 'CompanyApi';

/**
 * Which stack deploys a route: by who may call it, the `access` of its row in
 * functions/src/routes.ts. The Api stack holds the gateway and the routes of the customers'
 * app (and the public ones); the team's routes have a stack of their own, and so have the HR
 * users' of companies (CompanyApi). A new audience must be given a stack here (the type says so). A route may
 * move in one deploy only to a stack deployed after the one it leaves (docs/runbook.md, "Moving a
 * route between stacks").
 */
export const ROUTE_STACK: Readonly<Record<Access, RouteStackName>> = {
  public: 'Api',
  user: 'Api',
  customer: 'Api',
  admin: 'AdminApi',
  hr: 'CompanyApi',
};

/** The routes one stack deploys, in route-table order. */
export const routesOf = (stack: RouteStackName): RouteDef[] =>
  routes.filter((route) => ROUTE_STACK[route.access] === stack);

/** The gateway every route attaches to: the Api stack's HTTP API and its Cognito JWT authorizer. */
export interface Gateway {
  api: HttpApi;
  authorizer: IHttpRouteAuthorizer;
}

/** A route's Lambda, by its handler's name. */
export interface RouteFunction {
  handler: string;
  fn: NodejsFunction;
}

/**
 * One Lambda (in `stack`), one integration and one route (in `routeScope`) per route, with the
 * authorizer on every non-public one. Route and integration ids are the ones `HttpApi.addRoutes`
 * gives (`<METHOD><path>` under the API), so a route that stays in the Api stack keeps its
 * logical id: a route key is unique per API, and a route made anew beside the old one would fail.
 */
export function addRouteFunctions(
  stack: Stack,
  routeScope: Construct,
  gateway: Gateway,
  deployed: readonly RouteDef[],
  deps: FunctionDeps,
): RouteFunction[] {
  return deployed.map((route) => {
    const fn = lambdaFor(stack, pascal(route.handler), 'handlers', route.handler, permissionsOf(route), deps);
    const method = route.method as HttpMethod;
    new HttpRoute(routeScope, `${method}${route.path}`, {
      httpApi: gateway.api,
      routeKey: HttpRouteKey.with(route.path, method),
      integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn),
      ...(route.access === 'public' ? {} : { authorizer: gateway.authorizer }),
    });
    return { handler: route.handler, fn };
  });
}

/**
 * The routes of one audience outside the Api stack (ROUTE_STACK): their Lambdas, integrations and
 * routes on the Api stack's gateway, which they read by weak reference (the API's and
 * authorizer's ids).
 */
export class RouteStack extends Stack {
  readonly routeFunctions: RouteFunction[];

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { name: RouteStackName; gateway: Gateway; deps: FunctionDeps },
  ) {
    super(scope, id, props);
    this.routeFunctions = addRouteFunctions(this, this, props.gateway, routesOf(props.name), props.deps);
  }
}
