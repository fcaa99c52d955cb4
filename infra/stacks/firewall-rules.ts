import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

/**
 * Requests per IP in WAF's 5-minute window before it blocks. A customer's busiest page, the
 * admin list with search, makes a few requests a second at most; a sign-in page is loaded a
 * handful of times. Offices behind one NAT share an IP, hence the headroom.
 */
export const RATE_LIMITS = {
  api: 3000,
  signInPages: 300,
  /** Calls to the user pool (sign-in, sign-up, code resends, refreshes). */
  userPool: 500,
} as const;

export const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Blocks an IP that makes more than `limit` requests in 5 minutes, to these paths when given. */
export function rateRule(
  name: string,
  priority: number,
  limit: number,
  ...paths: string[]
): CfnWebACL.RuleProperty {
  const startsWith = (path: string) => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: path,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  });
  const [first, ...more] = paths;
  const scopeDown = first
    ? more.length
      ? { orStatement: { statements: paths.map(startsWith) } }
      : startsWith(first)
    : undefined;
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** One of AWS's managed rule groups, as it is (its own actions). */
export function managedRule(name: string, priority: number): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
    visibilityConfig: visibility(name),
  };
}
