import { expect, it, vi } from 'vitest';

/**
 * The app loads ky with its first call or once the first screen is up (lib/http.ts). A call made
 * before it has arrived (a tap right after the page took over) is sent once it has, the same as any
 * other: asking for JSON, with the signed-in token, and a refusal read into the shopper's message.
 * A fresh copy of the module, as on a page that has just started.
 */
it('a call made before the HTTP library has loaded is sent as usual once it has', async () => {
  vi.resetModules();
  const sent: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    sent.push(request);
    if (request.url.endsWith('/api/addToCart')) return Response.json({ message: 'Only 2 items available in stock' }, { status: 400 });
    return Response.json({ data: { shopName: 'Nkuto Naturals' } });
  });
  const { apiCall, configureHttp, http, publicHttp } = await import('@/client/lib/http');
  configureHttp({ token: () => 'customer-token', unauthorized: () => {} });

  const settings = publicHttp.get('settings').json<{ data: { shopName: string } }>();
  const refused = apiCall(() => http.post('addToCart', { json: { productId: 'p1', quantity: 5 } }).json(), 'Failed to add to cart');

  expect(await settings).toEqual({ data: { shopName: 'Nkuto Naturals' } });
  await expect(refused).rejects.toMatchObject({ name: 'ApiFailure', message: 'Only 2 items available in stock', status: 400 });
  expect(sent.map((request) => [new URL(request.url).pathname, request.headers.get('accept'), request.headers.get('authorization')])).toEqual([
    ['/api/settings', 'application/json', null],
    ['/api/addToCart', 'application/json', 'Bearer customer-token'],
  ]);
});
