import { createServer } from 'node:http';
import { createFakeSmsGateway } from '../helpers/fake-sms-gateway';
import { startTestSmtp } from '../helpers/test-smtp';

/**
 * Where the e2e shop's messages go: a real SMTP server and the fake Hubtel SMS gateway (the same the
 * API tests use), on fixed ports beside the shop's, and a small read-out (`GET /mails`, `GET /sms`)
 * for the specs. Started by playwright.config.ts's webServer command before the shop itself.
 */
const base = Number(process.env.E2E_SINKS_PORT ?? 3110);
const smtp = await startTestSmtp(base);
const gateway = await createFakeSmsGateway({ clientId: 'e2eclient', clientSecret: 'e2esecret', port: base + 1 });
createServer((req, res) => {
  const body = req.url === '/mails' ? smtp.received : req.url === '/sms' ? gateway.sent : undefined;
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body ?? { message: 'Not found' }));
}).listen(base + 2, '127.0.0.1');
