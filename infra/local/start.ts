// `npm start`: the whole product locally. Configuration by environment (README):
// PORT, LOCAL_DATA_DIR, LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD, LOCAL_WEB (dev | none | a built dist dir).
import { LocalStackError, startLocalStack } from './stack';

const started = Date.now();

function webMode(value: string | undefined) {
  if (!value || value === 'dev') return 'dev';
  if (value === 'none') return 'none';
  return { distDir: value };
}
const port = Number(process.env.PORT ?? 3000);
const admin = {
  email: process.env.LOCAL_ADMIN_EMAIL ?? 'admin@relocate-germany.local',
  password: process.env.LOCAL_ADMIN_PASSWORD ?? 'admin123',
};

try {
  const stack = await startLocalStack({
    port,
    dataDir: process.env.LOCAL_DATA_DIR ?? '.local',
    web: webMode(process.env.LOCAL_WEB),
    admin,
    log: (line) => console.log(`[local] ${line}`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
  Relocation platform running locally (ready in ${seconds} s)

  App:      ${stack.url}
  Mailbox:  ${stack.mailboxUrl}
  Admin:    ${admin.email} / ${admin.password}

  Press Ctrl-C to stop.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[local] stopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(
    `\n[local] could not start: ${error instanceof LocalStackError ? error.message : String(error)}\n`,
  );
  if (!(error instanceof LocalStackError) && error instanceof Error) console.error(error.stack);
  process.exit(1);
}
