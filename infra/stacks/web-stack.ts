import { join } from 'node:path';
import type { RuntimeConfig } from '@shared/api';
import { COMPANY } from '@shared/company';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_SECONDS } from '../config/security-headers';
import { configuredOrigin, type StageConfig } from '../config/stages';
import { LOG_RETENTION, originParameter } from './lambda';
import { logBucket } from './log-bucket';
import { SPA_ROUTING, SPA_STATUS } from './spa-routing';

const DIST = join(import.meta.dirname, '../../web/dist');

// Paths without a file extension are SPA routes: `/`, `/login` and `/signup` are prerendered
// pages, every other route of shared/spa-routes.ts gets the empty shell, any other path the 404
// page with status 404 (API paths have their own behaviour and never get here).

/** The SPA on a private bucket behind CloudFront, with /api/* passed to the HTTP API uncached. */
export class WebStack extends Stack {
  /** The distribution's id (its CloudWatch metrics, in us-east-1, are watched there). */
  readonly distributionId: string;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      config: StageConfig;
      /** The host CloudFront forwards /api/* to (ApiStack.originHost). */
      apiHost: string;
      /** The CloudFront firewall's ARN (EdgeStack, us-east-1). */
      webAclArn: string;
      userPool: UserPool;
      client: UserPoolClient;
      documents: IBucket;
      /** The built SPA (`npm run build:web`). */
      siteDir?: string;
    },
  ) {
    super(scope, id, props);
    const { config, apiHost, userPool, client, documents } = props;
    const domain = config.customDomain;
    const siteDir = props.siteDir ?? DIST;
    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // CloudFront's standard logs.
    const logs = logBucket(this, 'CdnLogs');

    const s3Host = `https://${documents.bucketRegionalDomainName}`;
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[FRAME_OPTIONS], override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: contentSecurityPolicy({
            documents: s3Host,
            cognito: `https://cognito-idp.${this.region}.amazonaws.com`,
          }),
        },
      },
    });

    const distribution = new Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(domain
        ? {
            domainNames: [domain.site],
            certificate: Certificate.fromCertificateArn(this, 'SiteCertificate', domain.siteCertificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // Brotli or gzip as the browser accepts (the policy puts both in the cache key): the
        // prerendered pages and the app's JavaScript travel compressed. CDK's defaults, written
        // out because the pages' speed counts on them (the local server compresses alike,
        // infra/local/compression.ts, so `npm run bench:web` measures what visitors get).
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new CloudFrontFunction(this, 'SpaRouting', {
              code: FunctionCode.fromInline(SPA_ROUTING),
              runtime: FunctionRuntime.JS_2_0,
            }),
          },
          {
            eventType: FunctionEventType.VIEWER_RESPONSE,
            function: new CloudFrontFunction(this, 'SpaStatus', {
              code: FunctionCode.fromInline(SPA_STATUS),
              runtime: FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiHost),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });

    this.distributionId = distribution.distributionId;

    const runtimeConfig: RuntimeConfig = {
      stage: config.stage,
      apiBasePath: '/api',
      auth: {
        userPoolId: userPool.userPoolId,
        userPoolClientId: client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
      },
      support: { email: config.supportEmail, whatsapp: COMPANY.phone },
    };
    // Hashed assets are immutable; HTML, locale files and config.json are revalidated. Pages go
    // up after the assets, so no new page ever points at a file that is not there yet.
    const logGroup = new LogGroup(this, 'SiteDeploymentLogs', { retention: LOG_RETENTION });
    const assets = new BucketDeployment(this, 'Assets', {
      destinationBucket: site,
      logGroup,
      sources: [Source.asset(siteDir, { exclude: ['*', '!assets', '!assets/**'] })],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const pages = new BucketDeployment(this, 'Pages', {
      destinationBucket: site,
      logGroup,
      sources: [
        // The build's manifest (.vite/) serves the prerender and the JS budgets, no visitor.
        Source.asset(siteDir, { exclude: ['assets/**', '.vite', '.vite/**'] }),
        Source.jsonData('config.json', runtimeConfig),
      ],
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution,
      prune: false,
    });
    pages.node.addDependency(assets);

    // The site's real origin: its domain, or the CloudFront URL until it has one.
    const origin = configuredOrigin(config) ?? `https://${distribution.distributionDomainName}`;
    // Uploads and downloads go from the browser straight to the documents bucket: its CORS
    // names this origin, set here where the origin is known (not in the Data stack, which is
    // deployed before the distribution exists).
    const cors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: documents.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [origin],
              AllowedMethods: ['PUT', 'GET'],
              AllowedHeaders: ['content-type'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${config.stage}-documents-cors`),
    };
    new AwsCustomResource(this, 'DocumentsCors', {
      onCreate: cors,
      onUpdate: cors,
      onDelete: {
        service: 'S3',
        action: 'deleteBucketCors',
        parameters: { Bucket: documents.bucketName },
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [documents.bucketArn] }),
      ]),
      logGroup,
      installLatestAwsSdk: false,
    });
    // Functions that write links read the origin here when the stage has no domain (lambda.ts).
    new StringParameter(this, 'AppOrigin', {
      parameterName: originParameter(config),
      stringValue: origin,
      description: 'The SPA origin, for links in mails',
    });

    new CfnOutput(this, 'Url', { value: origin });
  }
}
