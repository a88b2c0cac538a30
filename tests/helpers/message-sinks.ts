import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createFakeSmsGateway, type FakeSmsGateway } from './fake-sms-gateway';
import { startTestSmtp, type TestSmtp } from './test-smtp';

/**
 * The fake Hubtel gateway and a real SMTP server for one test file, emptied before each test: read
 * `sinks.gateway` and `sinks.smtp` inside the tests (they exist once the file's beforeAll ran).
 */
export function setupMessageSinks(): { gateway: FakeSmsGateway; smtp: TestSmtp } {
  const sinks = {} as { gateway: FakeSmsGateway; smtp: TestSmtp };
  beforeAll(async () => {
    sinks.gateway = await createFakeSmsGateway();
    sinks.smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await sinks.gateway?.close();
    await sinks.smtp?.close();
  });
  beforeEach(() => {
    sinks.gateway.reset();
    sinks.smtp.reset();
  });
  return sinks;
}
