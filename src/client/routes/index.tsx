import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatCedis } from '../../shared/money';
import type { Product } from '../../shared/types';
import { getJson } from '../lib/api';

export const Route = createFileRoute('/')({ component: Home });

/** A placeholder home until the storefront lands: proves the PWA, the API and the images work together. */
function Home() {
  const [state, setState] = useState<{ products?: Product[]; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    getJson<{ data: Product[] }>('/getProducts?sort=popularity', controller.signal)
      .then((answer) => setState({ products: answer.data }))
      .catch((error: Error) => {
        if (!controller.signal.aborted) setState({ error: error.message });
      });
    return () => controller.abort();
  }, []);

  return (
    <>
      <h1>Unlock Your Natural Glow</h1>
      {state.error && <p role="alert">Error: {state.error}</p>}
      {!state.products && !state.error && <p aria-live="polite">Loading products…</p>}
      {state.products && (
        <ul aria-label="Products">
          {state.products.map((product) => (
            <li key={product._id}>
              {product.productImageUrls[0] && <img src={product.productImageUrls[0]} alt={product.name} width={160} height={160} loading="lazy" />}
              <span>{product.name}</span> <span>{formatCedis(product.price)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
