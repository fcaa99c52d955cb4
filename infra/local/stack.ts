// The whole product on one machine: emulators for DynamoDB, S3, Cognito and SES, the same
// Lambda handlers behind a local API Gateway, and the SPA, all on ONE origin.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RuntimeConfig } from '@shared/api';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { securityHeaders } from '../config/security-headers';
import { createApiGateway } from './api-gateway';
import { ensureAdmin, ensureTable, ensureUserPool } from './bootstrap';
import { createCognitoProxy } from './cognito-proxy';
import {
  assertJava,
  type Child,
  S3_CREDENTIALS,
  startCognito,
  startDynamo,
  startS3,
  startSes,
  stopChild,
} from './emulators';
import { LocalStackError } from './errors';
import { sendJson } from './http-util';
import { startLambdaEndpoint } from './lambda-endpoint';
import { acquireLock } from './lock';
import { serveMailbox } from './mailbox';
import { freePorts, isPortFree } from './ports';
import { Startup } from './readiness';
import { serveReminders, startDailyReminders } from './reminders';
import { startSesFeedbackProxy } from './ses-feedback';
import { createStaticWeb } from './static-web';
import { localUnsubscribeKey, unsubscribeKeyFile } from './unsubscribe-key';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** 'dev': Vite with HMR; distDir: serve that built SPA (e2e, previews); 'none': API only. */
  web: 'dev' | 'none' | { distDir: string };
  admin: { email: string; password: string };
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  mailboxUrl: string;
  config: RuntimeConfig;
  stop(): Promise<void>;
}

const TABLE_NAME = 'relocation-local';
const BUCKET = 'user-documents';
const SUPPORT = { email: 'support@relocate-germany.example', whatsapp: '+49 40 0000 0000' };

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const origin = `http://localhost:${options.port}`;
  if (!(await isPortFree(options.port))) {
    throw new LocalStackError(
      `Port ${options.port} is already in use. Is \`npm start\` running already? Set PORT to use another port.`,
    );
  }
  assertJava();
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireLock(dataDir);

  const children: Child[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  // Each part waits on its own readiness signal, however slow the machine; only a start that
  // hangs past the ceiling gives up, naming the parts not ready and what they printed last.
  const startup = new Startup({ log });
  const spawned = (child: Child) => children.push(child);
  const stop = async () => {
    startup.done();
    for (const close of closers.reverse()) await close().catch(() => {});
    await Promise.all(children.map((child) => stopChild(child)));
    lock.release();
  };

  try {
    const [dynamoPort, s3Port, sesPort, cognitoPort, lambdaPort, sesProxyPort] = (await freePorts(6)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const cognitoUrl = `http://127.0.0.1:${cognitoPort}`;
    const sesUrl = `http://127.0.0.1:${sesPort}`;
    // Tokens name the pool as the browser sees it, so the issuer survives port changes.
    const issuerDomain = `${origin}/_local/cognito`;

    // The handlers run in this process and read their configuration from the environment,
    // exactly as in Lambda. The SDK picks up the emulator endpoints from AWS_ENDPOINT_URL_*.
    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoPort}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
      // Mail goes through the mailbox simulator's stand-in (ses-feedback.ts); the mailbox is read
      // from the emulator itself.
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${sesProxyPort}`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoUrl,
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME,
      BUCKET_NAME: BUCKET,
      MAIL_FROM: 'no-reply@relocate-germany.example',
      SUPPORT_EMAIL: SUPPORT.email,
      APP_ORIGIN: origin,
      // Signs unsubscribe links (AWS: a Secrets Manager secret, UNSUBSCRIBE_KEY_SECRET).
      UNSUBSCRIBE_KEY: localUnsubscribeKey(dataDir),
      // The malware scan's verdict from the file itself (EICAR is the threat): the same
      // confirm path as GuardDuty's on AWS (functions/src/adapters/malware-scan.ts).
      MALWARE_SCAN: 'stub',
      // No X-Ray here (no daemon): functions/src/lib/tracing.ts decides on first use. Business
      // metrics stay on: their EMF lines are printed like the logs, one per counted event.
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    const dynamo = new DynamoDBClient({});
    const cognito = new CognitoIdentityProviderClient({});

    const lambdaServer = await startup.part('Lambda endpoint', () =>
      startLambdaEndpoint(lambdaPort, async (name) => {
        const mod = (await import(`../../functions/src/triggers/${name}.ts`)) as {
          handler: (event: unknown) => Promise<unknown>;
        };
        return mod.handler;
      }),
    );
    closers.push(() => new Promise((r) => lambdaServer.close(r)));

    const sesServer = await startup.part('SES emulator', () => startSes(sesPort));
    closers.push(() => new Promise((r) => sesServer.close(r)));
    const sesProxy = await startup.part('SES feedback proxy', () =>
      startSesFeedbackProxy(sesProxyPort, sesUrl, async (event) => {
        const job = await import('@functions/jobs/ses-feedback');
        return job.handler(event);
      }),
    );
    closers.push(() => new Promise((r) => sesProxy.close(r)));
    const s3 = await startup.part('S3 emulator', () => startS3(join(dataDir, 's3'), s3Port, BUCKET, origin));
    closers.push(() => s3.close());
    const emulators = Promise.all([
      startDynamo(join(dataDir, 'dynamodb'), dynamoPort, dynamo, startup, spawned),
      startCognito(
        {
          dir: join(dataDir, 'cognito'),
          port: cognitoPort,
          issuerDomain,
          lambdaEndpoint: `http://127.0.0.1:${lambdaPort}`,
          mailBridgeUrl: `http://127.0.0.1:${lambdaPort}/mail`,
        },
        startup,
        spawned,
      ),
    ]);
    // Recorded as soon as they run, so the next start stops them if this one is killed.
    lock.recordChildren(children.map((child) => child.process.pid ?? 0).filter(Boolean));
    await emulators;
    log('emulators ready');

    const pool = await startup.part('table, user pool and admin', async () => {
      await ensureTable(dynamo, TABLE_NAME);
      const pool = await ensureUserPool(cognito, dataDir);
      process.env.USER_POOL_ID = pool.userPoolId;
      await (await import('@functions/store/catalogue-seed')).seedCatalogue();
      // Stored tasks follow the catalogue (a task's phase, tasks that no longer apply), and
      // every customer has a reminder schedule and overdue count for it.
      const { refreshReminders } = await import('@functions/services/reminder-schedule');
      const migrated = await (await import('@functions/store/plan-migration')).migratePlans({
        afterCustomer: refreshReminders,
      });
      if (migrated.customers > 0) log(`plans migrated: ${JSON.stringify(migrated)}`);
      const profiles = await import('@functions/store/profiles');
      await ensureAdmin(cognito, pool.userPoolId, options.admin, profiles);
      // A data dir from before the dashboard kept its own counts and lists gets them
      // built once from its profiles.
      const index = await import('@functions/store/customer-index-rebuild');
      if (!(await index.hasCustomerIndex()))
        log(`customer index built: ${JSON.stringify(await index.rebuildCustomerIndex())}`);
      return pool;
    });

    const config: RuntimeConfig = {
      stage: 'local',
      apiBasePath: '/api',
      auth: {
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: '/_local/cognito',
        authFlowType: 'USER_PASSWORD_AUTH',
      },
      support: SUPPORT,
    };

    const jwks = (await (
      await fetch(`${cognitoUrl}/${pool.userPoolId}/.well-known/jwks.json`)
    ).json()) as Jwks;
    const api = createApiGateway({
      issuer: `${issuerDomain}/${pool.userPoolId}`,
      audience: pool.userPoolClientId,
      jwks,
      loadHandler: async (name) => (await import(`../../functions/src/handlers/${name}.ts`)).handler,
    });
    const cognitoProxy = createCognitoProxy(cognitoUrl);
    // Where the emulators listen, for developers' tools (aws CLI, NoSQL Workbench) and tests.
    const endpoints = {
      dynamodb: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      s3: process.env.AWS_ENDPOINT_URL_S3,
      cognito: cognitoUrl,
      userPoolId: pool.userPoolId,
      ses: sesUrl,
      table: TABLE_NAME,
      bucket: BUCKET,
      region: process.env.AWS_REGION,
      s3Credentials: S3_CREDENTIALS,
      // Tests sign unsubscribe links with it, as the reminder mails do.
      unsubscribeKeyFile: unsubscribeKeyFile(dataDir),
    };

    const server: Server = createServer();
    let spa: (
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
      url: URL,
    ) => void | Promise<void>;
    if (options.web === 'dev') {
      const { createServer: createVite } = await import('vite');
      const vite = await startup.part('Vite', () =>
        createVite({
          configFile: resolve(import.meta.dirname, '../../web/vite.config.ts'),
          server: { middlewareMode: true, hmr: { server } },
          appType: 'spa',
          logLevel: 'warn',
        }),
      );
      closers.push(() => vite.close());
      spa = (req, res) => vite.middlewares(req, res);
    } else if (options.web === 'none') {
      spa = (_req, res) =>
        sendJson(res, 404, { message: 'The SPA is not served by this stack (LOCAL_WEB=none)' });
    } else {
      const serveStatic = createStaticWeb(options.web.distDir);
      spa = (req, res, url) => serveStatic(url.pathname, req, res);
    }

    // Production's security headers on everything production serves (not on the /_local dev
    // tools). Vite's dev server injects an inline script, so `LOCAL_WEB=dev` pages go without CSP.
    const documentsOrigin = new URL(String(process.env.AWS_ENDPOINT_URL_S3)).origin;
    const headers = {
      api: securityHeaders({ documents: documentsOrigin, cognito: null }),
      spa: securityHeaders({ documents: documentsOrigin, cognito: null }, { csp: options.web !== 'dev' }),
    };

    server.on('request', async (req, res) => {
      const url = new URL(req.url ?? '/', origin);
      if (!url.pathname.startsWith('/_local/')) {
        const set =
          url.pathname.startsWith('/api/') || url.pathname === '/config.json' ? headers.api : headers.spa;
        for (const [name, value] of Object.entries(set)) res.setHeader(name, value);
      }
      try {
        if (url.pathname.startsWith('/api/')) return await api(req, res, url);
        if (url.pathname === '/config.json') return sendJson(res, 200, config);
        if (url.pathname === '/_local/mail') {
          const wantsHtml = (req.headers.accept ?? '').includes('text/html');
          return await serveMailbox(sesUrl, res, wantsHtml, url.searchParams.get('since'));
        }
        if (url.pathname === '/_local/health') return sendJson(res, 200, { status: 'ok' });
        if (url.pathname === '/_local/reminders' && req.method === 'POST')
          return await serveReminders(url.searchParams.get('today'), res);
        if (url.pathname === '/_local/endpoints') return sendJson(res, 200, endpoints);
        if (url.pathname === '/_local/cognito' || url.pathname.startsWith('/_local/cognito/')) {
          return await cognitoProxy(req, res, url.pathname.slice('/_local/cognito'.length) + url.search);
        }
        await spa(req, res, url);
      } catch (error) {
        console.error('[local] request failed:', req.method, url.pathname, error);
        if (!res.headersSent)
          sendJson(res, 500, { error: { code: 'internal', message: 'Internal server error' } });
        else res.end();
      }
    });
    await startup.part(
      'gateway',
      () =>
        new Promise<void>((r, reject) => {
          server.once('error', reject);
          server.listen(options.port, () => r());
        }),
    );
    startup.done();
    const stopReminders = startDailyReminders((line) => log(line));
    closers.push(async () => stopReminders());
    closers.push(
      () =>
        new Promise((r) => {
          server.closeAllConnections();
          server.close(r);
        }),
    );

    return { url: origin, mailboxUrl: `${origin}/_local/mail`, config, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export { LocalStackError };
