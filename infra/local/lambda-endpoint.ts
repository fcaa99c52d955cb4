// Internal (loopback-only) server: the Lambda Invoke API through which cognito-local calls
// our Cognito triggers, and the mail bridge through which it delivers their messages.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sendMail } from '@functions/adapters/mail';
import { triggers } from '@functions/routes';
import type { Context } from 'aws-lambda';
import { readBody, sendJson } from './http-util';

type Trigger = (event: unknown, context: Context) => Promise<unknown>;
const triggerNames = new Set<string>(Object.values(triggers));

export function startLambdaEndpoint(
  port: number,
  loadTrigger: (name: string) => Promise<Trigger>,
): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const body = (await readBody(req, 1024 * 1024)).toString('utf8');
      const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? '');
      if (req.method === 'POST' && invoke?.[1]) {
        const name = decodeURIComponent(invoke[1]);
        if (!triggerNames.has(name)) return sendJson(res, 404, { message: `Function not found: ${name}` });
        try {
          const handler = await loadTrigger(name);
          // As Lambda would: its own request id, so the trigger's log lines can be told apart.
          const context = { awsRequestId: randomUUID(), functionName: name } as Context;
          return sendJson(res, 200, await handler(JSON.parse(body), context));
        } catch (error) {
          console.error(`[local] trigger ${name} failed:`, error);
          // The Lambda service reports function errors with 200 and this header.
          return sendJson(
            res,
            200,
            { errorMessage: String((error as Error).message ?? error), errorType: 'Error' },
            {
              'x-amz-function-error': 'Unhandled',
            },
          );
        }
      }
      if (req.method === 'POST' && req.url === '/mail') {
        const mail = JSON.parse(body) as { to: string; subject: string; html: string };
        // Cognito delivers only the HTML; the text part is derived for plain-text readers,
        // each link written out after its text so they can still follow it.
        const text = mail.html
          .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2: $1')
          .replace(/<[^>]+>/g, '')
          .replace(/&amp;/g, '&')
          .trim();
        await sendMail({ ...mail, text });
        return sendJson(res, 200, { ok: true });
      }
      sendJson(res, 404, { message: 'Not Found' });
    } catch (error) {
      console.error('[local] lambda endpoint error:', error);
      sendJson(res, 500, { message: String(error) });
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
