import type { TestProject } from 'vitest/node';
import { enrolTestAdmin } from './mfa';
import { startStackProcess } from './stack-process';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
  }
}

/** One local stack per suite run: own free port, own temp data dir, stopped afterwards. */
export default async function setup(project: TestProject) {
  const stack = await startStackProcess({
    web: project.config.env?.LOCAL_WEB ?? 'none',
    log: (line) => console.log(`[test stack] ${line}`),
  });
  await enrolTestAdmin(stack.url);
  project.provide('stackUrl', stack.url);
  return async () => stack.stop();
}
