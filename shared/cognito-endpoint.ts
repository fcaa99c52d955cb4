import type { RuntimeConfig } from './api';

/**
 * Where a client reaches the user pool from `origin`: the endpoint config.json names (the local
 * stack's proxy, a path on the app's origin), or the pool's region's Cognito endpoint on AWS.
 * The SPA and `npm run smoke` both sign in through it.
 */
export function cognitoEndpoint(auth: RuntimeConfig['auth'], origin: string): string {
  return auth.userPoolEndpoint
    ? new URL(auth.userPoolEndpoint, origin).href
    : `https://cognito-idp.${auth.userPoolId.split('_')[0]}.amazonaws.com/`;
}

/** Amplify's `Auth.Cognito` settings for this runtime config, seen from `origin`. */
export function amplifyCognito(auth: RuntimeConfig['auth'], origin: string) {
  return {
    userPoolId: auth.userPoolId,
    userPoolClientId: auth.userPoolClientId,
    loginWith: { email: true },
    ...(auth.userPoolEndpoint ? { userPoolEndpoint: cognitoEndpoint(auth, origin) } : {}),
  };
}
