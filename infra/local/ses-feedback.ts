// SES's mailbox simulator, locally. On AWS, mail to bounce@simulator.amazonses.com (or
// complaint@…, with any +label) comes back as a bounce or a complaint event, which the
// configuration set publishes to SNS and the SES feedback function (functions/src/jobs/
// ses-feedback.ts) acts on. Here a small proxy in front of the SES emulator sees each send and,
// for those addresses, hands the same event to the same function, as SNS would: after the send
// has answered. Every other request passes through untouched.
import { createServer, type Server } from 'node:http';
import type { SNSEvent } from 'aws-lambda';
import { readBody } from './http-util';

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** Headers of one connection, not of the request: fetch sets its own. */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'keep-alive',
]);

/** The SES event a simulator address produces, or null for any other address. */
export function simulatedEvent(to: string): Record<string, unknown> | null {
  const kind = SIMULATOR.exec(to)?.[1]?.toLowerCase();
  if (kind === 'bounce')
    return {
      eventType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: to }] },
    };
  if (kind === 'complaint')
    return { eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: to }] } };
  return null;
}

/** The recipients of an SESv2 SendEmail request body. */
function recipients(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { Destination?: { ToAddresses?: string[] } };
    return parsed.Destination?.ToAddresses ?? [];
  } catch {
    return [];
  }
}

export function startSesFeedbackProxy(
  port: number,
  upstream: string,
  deliver: (event: SNSEvent) => Promise<unknown>,
): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req, 10 * 1024 * 1024);
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            ([name, value]) => typeof value === 'string' && !HOP_BY_HOP.has(name),
          ),
        ) as Record<string, string>,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.status, headers);
      res.end(Buffer.from(await answer.arrayBuffer()));
      if (!answer.ok || req.method !== 'POST' || !req.url?.startsWith('/v2/email/outbound-emails')) return;
      for (const to of recipients(body)) {
        const event = simulatedEvent(to);
        if (!event) continue;
        const sns = { Records: [{ Sns: { Message: JSON.stringify(event) } }] } as unknown as SNSEvent;
        deliver(sns).catch((error: unknown) => console.error('[local] SES feedback failed:', error));
      }
    } catch (error) {
      console.error('[local] SES proxy error:', error);
      if (!res.headersSent) res.writeHead(502).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
