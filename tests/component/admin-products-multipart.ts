import { File as NodeFile } from 'node:buffer';
import { afterAll, beforeAll, vi } from 'vitest';
import { type ApiCall, mockApi, type Route } from './api-mock';

/**
 * Node's fetch cannot serialise jsdom's FormData and File (a file arrives nameless and empty), so
 * the product tests give the page Node's own FormData, and build files with Node's File.
 */
export function nodeFormData() {
  let jsdomFormData: typeof FormData;
  beforeAll(async () => {
    jsdomFormData = globalThis.FormData;
    const form = await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
    globalThis.FormData = form.constructor as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = jsdomFormData;
  });
}

/** A picked file, as the browser hands it over (Node's File: see nodeFormData). */
export function imageFile(name: string, { type = 'image/png', bytes = 1024 }: { type?: string; bytes?: number } = {}): File {
  return new NodeFile([new Uint8Array(bytes)], name, { type }) as unknown as File;
}

/**
 * mockApi, and a multipart request body is given to it as its entries in order: `[name, value]`,
 * a file as `[name, 'file:' + its name]`, so a test compares what was sent, order included.
 */
export function mockProductApi(routes: Record<string, Route>): ApiCall[] {
  const calls = mockApi(routes);
  const fetchMock = vi.mocked(globalThis.fetch);
  const answer = fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockApi installed no fetch');
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) return answer(request);
    const form = await request.formData();
    const entries = [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);
    const headers = new Headers(request.headers);
    headers.set('content-type', 'application/json');
    return answer(new Request(request.url, { method: request.method, headers, body: JSON.stringify(entries) }));
  });
  return calls;
}

/** The search parameters of the calls to one path, in order. */
export function searchesOf(requests: Request[]): Record<string, string>[] {
  return requests.map((request) => Object.fromEntries(new URL(request.url).searchParams));
}
