import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OutgoingSms, SendFailure } from '@/server/notify/channel';
import { createHubtelSms, validateSenderId } from '@/server/notify/sms-hubtel';
import { createFakeSmsGateway, type FakeSmsGateway, HUBTEL_SEND_PATH } from '../helpers/fake-sms-gateway';

/** Hubtel's SMS channel against a local fake that checks every request against Hubtel's documented shape. No database. */

let fake: FakeSmsGateway;
beforeAll(async () => {
  fake = await createFakeSmsGateway({ clientId: 'qoohqvcp', clientSecret: 'sgrorne-s3cr3t' });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const sms = (over: Partial<OutgoingSms> = {}): OutgoingSms => ({
  to: '+233241234567',
  text: 'Order #1042 is paid: GH₵ 45.50. Thank you!',
  reference: 'outbox-1',
  ...over,
});
const channel = (over: { apiKey?: string; senderId?: string; baseUrl?: string; fetch?: typeof fetch } = {}) =>
  createHubtelSms({ apiKey: fake.apiKey, senderId: 'AkwaabaShop', baseUrl: fake.url, ...over });

/** The SendFailure a send ends in (fails the test when it resolves or throws something else). */
async function failureOf(promise: Promise<unknown>): Promise<SendFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SendFailure);
    return error as SendFailure;
  }
  throw new Error('expected the send to fail');
}

/** Posts straight to the fake, bypassing the provider. */
async function post(body: string, headers: Record<string, string> = {}, path = HUBTEL_SEND_PATH, method = 'POST') {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(fake.apiKey).toString('base64')}`, 'Content-Type': 'application/json', ...headers },
    body: method === 'GET' ? undefined : body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Hubtel SMS channel', () => {
  it('names itself and does not claim the gateway dedupes', () => {
    const hubtel = channel();
    expect(hubtel.name).toBe('hubtel');
    expect(hubtel.dedupesByReference).toBe(false);
  });

  it('sends one message with the documented fields and the number in international digits', async () => {
    const receipt = await channel().send(sms());
    expect(fake.sent).toHaveLength(1);
    const [message] = fake.sent;
    expect(message).toMatchObject({ to: '233241234567', text: sms().text, sender: 'AkwaabaShop', reference: 'outbox-1' });
    expect(receipt).toEqual({ providerId: message?.messageId });

    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/messages/send');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('qoohqvcp:sgrorne-s3cr3t').toString('base64')}`);
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.body).toEqual({ From: 'AkwaabaShop', To: '233241234567', Content: sms().text, ClientReference: 'outbox-1' });
    expect(fake.answers[0]).toMatchObject({
      status: 201,
      body: { status: 0, clientReference: 'outbox-1', statusDescription: 'request submitted successfully' },
    });
  });

  it("reads the message id from the portal's wrapped answer too", async () => {
    const wrapped = await createFakeSmsGateway({ shape: 'wrapped' });
    try {
      const receipt = await createHubtelSms({ apiKey: wrapped.apiKey, senderId: 'AkwaabaShop', baseUrl: wrapped.url }).send(sms());
      expect(receipt.providerId).toBe(wrapped.sent[0]?.messageId);
      const failure = await failureOf(createHubtelSms({ apiKey: 'someone:else', senderId: 'AkwaabaShop', baseUrl: wrapped.url }).send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toContain('authorization failed');
    } finally {
      await wrapped.close();
    }
  });

  it('a repeated reference is sent again: Hubtel documents no refusal of duplicates', async () => {
    await channel().send(sms());
    await channel().send(sms());
    expect(fake.sent.map((m) => m.reference)).toEqual(['outbox-1', 'outbox-1']);
  });

  describe('refusals are final, with Hubtel’s reason', () => {
    it('a bad key: 401', async () => {
      const failure = await failureOf(channel({ apiKey: 'qoohqvcp:wrong-secret' }).send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toMatch(/HTTP 401.*The request authorization failed/);
      expect(fake.sent).toHaveLength(0);
    });

    it('no credit: 402', async () => {
      fake.setCredit(0);
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toMatch(/HTTP 402.*enough messaging credit/);
      // The sender alerts the owner of it (Hubtel documents no balance endpoint).
      expect(failure.creditLow).toBe(true);
    });

    it('no credit: 400 with sub-code 12, "Payment required on account", is the same', async () => {
      const answer: typeof fetch = async () =>
        Response.json({ status: 12, statusDescription: 'Payment required on account; Kindly fund your account' }, { status: 400 });
      const failure = await failureOf(channel({ fetch: answer }).send(sms()));
      expect([failure.outcome, failure.creditLow]).toEqual(['refused', true]);
      const blocked = await failureOf(
        channel({ fetch: async () => Response.json({ status: 1, statusDescription: 'Invalid Destination' }, { status: 400 }) }).send(sms()),
      );
      expect(blocked.creditLow).toBe(false);
    });

    it('a recipient who has not approved messages: 403', async () => {
      fake.block('233241234567');
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toMatch(/HTTP 403.*approval to receive messages/);
    });

    it('a number the gateway finds invalid: 400, status 1', async () => {
      // A custom fetch sends a local number straight on, as a buggy caller would.
      const raw: typeof fetch = (input, init) => fetch(input, { ...init, body: String(init?.body).replace('"233241234567"', '"0241234567"') });
      const failure = await failureOf(channel({ fetch: raw }).send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toMatch(/HTTP 400, status 1\): Invalid Destination address/);
    });

    it('a number that is not E.164 is refused before any request', async () => {
      for (const to of ['0241234567', '233241234567', '+0241234567', '+233 24 123 4567', '']) {
        const failure = await failureOf(channel().send(sms({ to })));
        expect(failure.outcome).toBe('refused');
        expect(failure.message).toContain('E.164');
      }
      const empty = await failureOf(channel().send(sms({ text: '  ' })));
      expect(empty.outcome).toBe('refused');
      expect(fake.requests).toHaveLength(0);
    });

    it('a 200 whose status is not 0 is a refusal', async () => {
      const answer: typeof fetch = async () =>
        Response.json({ status: 4, statusDescription: 'The message is not routable on Hubtel gateway' }, { status: 200 });
      const failure = await failureOf(channel({ fetch: answer }).send(sms()));
      expect(failure.outcome).toBe('refused');
      expect(failure.message).toMatch(/status 4\): The message is not routable/);
    });
  });

  describe("trouble that certainly sent nothing is retryable: Hubtel's own errors, a connection never made", () => {
    it.each([500, 502, 503, 429])('HTTP %i with Hubtel’s JSON', async (status) => {
      fake.fail(status);
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('retry');
      expect(failure.message).toContain(`HTTP ${status}`);
      expect(fake.sent).toHaveLength(0);
      // The next call goes through.
      await expect(channel().send(sms())).resolves.toHaveProperty('providerId');
    });

    it('the wrapped shape’s 500 too', async () => {
      const wrapped = await createFakeSmsGateway({ shape: 'wrapped' });
      try {
        wrapped.fail(500);
        const failure = await failureOf(createHubtelSms({ apiKey: wrapped.apiKey, senderId: 'AkwaabaShop', baseUrl: wrapped.url }).send(sms()));
        expect(failure.outcome).toBe('retry');
      } finally {
        await wrapped.close();
      }
    });

    it('connection refused', async () => {
      await fake.down();
      try {
        const failure = await failureOf(channel().send(sms()));
        expect(failure.outcome).toBe('retry');
        expect(failure.message).toContain('could not be reached');
      } finally {
        await fake.up();
      }
      expect(fake.requests).toHaveLength(0);
    });

    it('a name that does not resolve', async () => {
      const failure = await failureOf(channel({ baseUrl: 'http://sms.invalid' }).send(sms()));
      expect(failure.outcome).toBe('retry');
    });
  });

  describe('an answer that leaves it open whether Hubtel took the message is an unknown outcome (never retried by itself)', () => {
    it('no answer within timeoutMs', async () => {
      fake.loseAnswer('timeout');
      const started = Date.now();
      const failure = await failureOf(channel().send(sms(), { timeoutMs: 200 }));
      expect(failure.outcome).toBe('unknown');
      expect(failure.retryable).toBe(false);
      expect(failure.message).toContain('did not answer within 200 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(fake.sent).toHaveLength(1);
    });

    it("a proxy's 5xx HTML page", async () => {
      fake.loseAnswer('proxy-5xx');
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('unknown');
      expect(failure.message).toContain('HTTP 504');
      fake.html();
      expect((await failureOf(channel().send(sms()))).outcome).toBe('unknown');
    });

    it("a 5xx whose JSON is not Hubtel's (a proxy's or a framework's)", async () => {
      for (const body of [{ message: 'Internal server error' }, { title: 'An error occurred', status: 500, traceId: 'x' }]) {
        const answer: typeof fetch = async () => Response.json(body, { status: 500 });
        expect((await failureOf(channel({ fetch: answer }).send(sms()))).outcome).toBe('unknown');
      }
    });

    it('a 2xx without a message id, or a 2xx HTML page', async () => {
      fake.loseAnswer('no-id');
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('unknown');
      expect(failure.message).toContain('without a message id');
      expect(fake.sent).toHaveLength(1);
      const page: typeof fetch = async () => new Response('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
      expect((await failureOf(channel({ fetch: page }).send(sms()))).outcome).toBe('unknown');
    });

    it('the connection reset after the request was written', async () => {
      fake.loseAnswer('reset');
      const failure = await failureOf(channel().send(sms()));
      expect(failure.outcome).toBe('unknown');
      expect(fake.sent).toHaveLength(1);
    });
  });

  it("a proxy's 4xx page is retried: the message did not get past it", async () => {
    const page: typeof fetch = async () => new Response('<html>403 Forbidden</html>', { status: 403, headers: { 'Content-Type': 'text/html' } });
    expect((await failureOf(channel({ fetch: page }).send(sms()))).outcome).toBe('retry');
  });

  it('the credentials never appear in an error message', async () => {
    const basic = Buffer.from(fake.apiKey).toString('base64');
    const messages: string[] = [];
    const collect = async (promise: Promise<unknown>) => messages.push((await failureOf(promise)).message);

    await collect(channel({ apiKey: `${fake.clientId}:wrong-secret-value` }).send(sms()));
    fake.fail(500);
    await collect(channel().send(sms()));
    fake.html();
    await collect(channel().send(sms()));
    fake.hang();
    await collect(channel().send(sms(), { timeoutMs: 100 }));
    fake.reset();
    await collect(channel({ baseUrl: 'http://127.0.0.1:1' }).send(sms()));
    // A gateway (or proxy) that echoes what it was sent, key and all.
    const echo: typeof fetch = async (_input, init) =>
      Response.json({ status: 100, statusDescription: `bad request ${JSON.stringify(init?.headers)} ${fake.apiKey} ${fake.clientSecret}` }, { status: 400 });
    await collect(channel({ fetch: echo }).send(sms()));
    const thrower: typeof fetch = async () => {
      throw new Error(`socket hang up while sending ${basic}`);
    };
    await collect(channel({ fetch: thrower }).send(sms()));

    expect(messages).toHaveLength(7);
    for (const message of messages) {
      expect(message).not.toContain(fake.clientSecret);
      expect(message).not.toContain('wrong-secret-value');
      expect(message).not.toContain(basic);
      expect(message).not.toContain(fake.apiKey);
    }
    expect(messages[5]).toContain('[key]');
  });

  it('the api key must be the clientId:clientSecret pair, and the message says so without echoing it', () => {
    for (const apiKey of ['justonesecretvalue', ':secret', 'id:', '']) {
      expect(() => createHubtelSms({ apiKey, senderId: 'AkwaabaShop', baseUrl: fake.url })).toThrow(/clientId:clientSecret/);
      try {
        createHubtelSms({ apiKey, senderId: 'AkwaabaShop' });
      } catch (error) {
        if (apiKey) expect((error as Error).message).not.toContain(apiKey);
      }
    }
  });
});

describe('validateSenderId', () => {
  it('accepts 3 to 11 letters and digits', () => {
    for (const id of ['Abc', 'AkwaabaShop', 'Shop233', 'KENTE4U']) expect(validateSenderId(id)).toBe(id);
  });

  it('refuses ids that are too short, too long, signed, spaced or all digits, saying why', () => {
    expect(() => validateSenderId('')).toThrow(/missing/);
    expect(() => validateSenderId('AB')).toThrow(/3 to 11 characters/);
    expect(() => validateSenderId('AkwaabaShop1')).toThrow(/3 to 11 characters.*12/);
    expect(() => validateSenderId('Akwaaba Shp')).toThrow(/letters A-Z and digits/);
    expect(() => validateSenderId('Shop-GH')).toThrow(/letters A-Z and digits/);
    expect(() => validateSenderId('Kɔkɔɔ')).toThrow(/letters A-Z and digits/);
    expect(() => validateSenderId('0244123456')).toThrow(/at least one letter/);
  });

  it('the channel refuses to start with a bad sender id', () => {
    expect(() => createHubtelSms({ apiKey: fake.apiKey, senderId: 'Akwaaba Shop GH', baseUrl: fake.url })).toThrow(/3 to 11 characters/);
  });
});

describe('the fake gateway validates what it receives', () => {
  const good = { From: 'AkwaabaShop', To: '233241234567', Content: 'Hello' };

  it('accepts the documented body, with keys in either case and a plus on the number', async () => {
    expect((await post(JSON.stringify(good))).status).toBe(201);
    expect((await post(JSON.stringify({ from: 'Shop', to: '+233241234567', content: 'Hi', clientReference: 'r1' }))).status).toBe(201);
    expect(fake.sent.map((m) => m.reference)).toEqual([undefined, 'r1']);
  });

  it.each([
    ['no authorization', JSON.stringify(good), { Authorization: '' }, 401, 401],
    ['a wrong secret', JSON.stringify(good), { Authorization: `Basic ${Buffer.from('qoohqvcp:nope').toString('base64')}` }, 401, 401],
    ['form encoding', 'From=AkwaabaShop&To=233241234567&Content=Hello', { 'Content-Type': 'application/x-www-form-urlencoded' }, 400, 100],
    ['a body that is not JSON', '{"From":', {}, 400, 100],
    ['an array', JSON.stringify([good]), {}, 400, 100],
    ['no To', JSON.stringify({ From: 'AkwaabaShop', Content: 'Hello' }), {}, 400, 100],
    ['a numeric To', JSON.stringify({ ...good, To: 233241234567 }), {}, 400, 100],
    ['a local number', JSON.stringify({ ...good, To: '0241234567' }), {}, 400, 1],
    ['two recipients', JSON.stringify({ ...good, To: '233241234567,233501431586' }), {}, 400, 1],
    ['a 12-character sender', JSON.stringify({ ...good, From: 'AkwaabaShop1' }), {}, 400, 2],
    ['a sender with a space', JSON.stringify({ ...good, From: 'Akwaaba Shp' }), {}, 400, 2],
    ['an empty message', JSON.stringify({ ...good, Content: ' ' }), {}, 400, 6],
    ['an unknown field', JSON.stringify({ ...good, Recipients: ['233241234567'] }), {}, 400, 7],
    ['a numeric ClientReference', JSON.stringify({ ...good, ClientReference: 7 }), {}, 400, 8],
  ])('refuses %s', async (_name, body, headers, status, code) => {
    const answer = await post(body, headers);
    expect(answer.status).toBe(status);
    expect(answer.body.status).toBe(code);
    expect(typeof answer.body.statusDescription).toBe('string');
    expect(fake.sent).toHaveLength(0);
  });

  it('refuses other paths and methods', async () => {
    expect((await post(JSON.stringify(good), {}, '/v1/messages')).status).toBe(404);
    expect((await post('', {}, HUBTEL_SEND_PATH, 'GET')).status).toBe(405);
  });
});
