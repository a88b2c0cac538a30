import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLive, usePageLive } from '@/client/lib/page-context';

/** A control as the storefront renders one (the product page's quantity, Add to Cart). */
function QuantityField() {
  const live = usePageLive();
  return <input aria-label="Quantity" defaultValue="1" disabled={!live} data-starting={live ? undefined : true} />;
}

describe("a control on the server's page", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits, looking as it will, until React has taken the page over, then answers, with no mismatch', async () => {
    const html = renderToString(
      <PageLive drawnByServer>
        <QuantityField />
      </PageLive>,
    );
    expect(html).toContain('disabled');
    expect(html).toContain('data-starting');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const input = container.querySelector('input');
    expect(input?.disabled).toBe(true);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <PageLive drawnByServer>
          <QuantityField />
        </PageLive>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    // The same node, now usable: hydrated, not replaced.
    expect(container.querySelector('input')).toBe(input);
    expect(input?.disabled).toBe(false);
    expect(input?.hasAttribute('data-starting')).toBe(false);
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
