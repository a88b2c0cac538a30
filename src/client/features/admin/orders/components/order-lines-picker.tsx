import { useId, useState } from 'react';
import { button } from '@/client/components/button';
import { TableHead } from '@/client/components/data-table';
import { Price } from '@/client/components/price';
import type { Product } from '@/shared/types';
import { useCatalogue } from '../hooks/use-catalogue';
import { type EnteredLine, lineTotal, mostOf, PRODUCT_SEARCH_NAME } from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';

/** How many matches the search lists at once. */
const MOST_MATCHES = 8;

interface OrderLinesPickerProps {
  lines: readonly EnteredLine[];
  onAdd(product: Product): void;
  onQuantity(productId: string, quantity: number): void;
  onRemove(productId: string): void;
  error?: string;
}

/**
 * The order's products: a search of the catalogue by name (on this tablet: the shop's whole list is
 * here already), each match with its price and stock and an Add; then the lines, each with its
 * price, stock, quantity (never above what one order may take), line total and Remove.
 */
export function OrderLinesPicker({ lines, onAdd, onQuantity, onRemove, error }: OrderLinesPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <section className={styles.section} aria-labelledby={`${id}-legend`}>
      <h2 id={`${id}-legend`} className={styles.legend}>
        {T.productsLegend}
      </h2>
      <div className={styles.fieldset}>
        <ProductSearch lines={lines} onAdd={onAdd} errorId={error ? errorId : undefined} />
        {lines.length === 0 ? <p className={styles.note}>{T.noLines}</p> : <LinesTable lines={lines} onQuantity={onQuantity} onRemove={onRemove} />}
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

interface ProductSearchProps {
  lines: readonly EnteredLine[];
  onAdd(product: Product): void;
  /** The lines' error, when there is one: it describes the search. */
  errorId: string | undefined;
}

/** The catalogue searched by name: each match with its price, stock and Add (said aloud with the new quantity). */
function ProductSearch({ lines, onAdd, errorId }: ProductSearchProps) {
  const { query: catalogue, products } = useCatalogue();
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState('');
  const searchId = `${useId()}-search`;
  const words = query.trim().toLowerCase();
  const matches = words === '' ? [] : products.filter((p) => p.name.toLowerCase().includes(words)).slice(0, MOST_MATCHES);
  const quantityOf = (productId: string) => lines.find((l) => l.product._id === productId)?.quantity ?? 0;

  const add = (product: Product) => {
    onAdd(product);
    setSaid(`${product.name}: ${quantityOf(product._id) + 1}`);
  };

  return (
    <>
      <div className={styles.field}>
        <label htmlFor={searchId} className={styles.label}>
          {T.searchLabel}
        </label>
        <input
          id={searchId}
          name={PRODUCT_SEARCH_NAME}
          type="search"
          autoComplete="off"
          className={styles.select}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={[`${searchId}-hint`, errorId ?? ''].filter(Boolean).join(' ')}
          aria-invalid={errorId ? true : undefined}
        />
        <p id={`${searchId}-hint`} className={styles.hint}>
          {catalogue.isPending ? T.loadingProducts : T.searchHint}
        </p>
      </div>
      {words !== '' && matches.length === 0 && !catalogue.isPending && <p className={styles.note}>{T.noMatch}</p>}
      {matches.length > 0 && (
        <ul className={styles.matches} aria-label="Matching products">
          {matches.map((product) => (
            <li key={product._id} className={styles.match}>
              <span>
                <span className={styles.matchName}>{product.name}</span>
                <span className={styles.matchFacts}>
                  <Price value={product.price} /> · {product.stock > 0 ? T.inStock(product.stock) : T.soldOut}
                </span>
              </span>
              <button
                type="button"
                className={button({ tone: 'quiet' })}
                disabled={quantityOf(product._id) >= mostOf(product)}
                aria-label={`${T.add} ${product.name}`}
                onClick={() => add(product)}
              >
                {T.add}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </>
  );
}

/** The lines' columns: the last, of Remove buttons, is named for screen readers only. */
const LINE_COLUMNS = ['Product', 'Price', 'Quantity', 'Total', 'Remove'];

function LinesTable({ lines, onQuantity, onRemove }: Pick<OrderLinesPickerProps, 'lines' | 'onQuantity' | 'onRemove'>) {
  return (
    <table className={styles.lines}>
      <caption className="visually-hidden">{T.linesCaption}</caption>
      <TableHead columns={LINE_COLUMNS} numeric={['Price', 'Total']} unseen={['Remove']} classes={{ th: styles.th, numeric: styles.num }} />
      <tbody>
        {lines.map((line) => (
          <LineRow key={line.product._id} line={line} onQuantity={onQuantity} onRemove={onRemove} />
        ))}
      </tbody>
    </table>
  );
}

function LineRow({
  line,
  onQuantity,
  onRemove,
}: {
  line: EnteredLine;
  onQuantity(productId: string, quantity: number): void;
  onRemove(productId: string): void;
}) {
  const { product, quantity } = line;
  const most = mostOf(product);
  const noteId = `line-${product._id}-note`;
  const atMost = quantity >= most;
  return (
    <tr>
      <td className={styles.td}>
        <span className={styles.lineName}>{product.name}</span>
        <span id={noteId} className={styles.lineNote}>
          {product.stock > 0 ? T.inStock(product.stock) : T.soldOut}
          {atMost && quantity > 0 ? ` · ${T.mostAllowed(most)}` : ''}
        </span>
      </td>
      <td className={`${styles.td} ${styles.num}`}>
        <Price value={product.price} />
      </td>
      <td className={styles.td}>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, most)}
          className={styles.quantity}
          value={quantity === 0 ? '' : String(quantity)}
          aria-label={T.quantityLabel(product.name)}
          aria-describedby={noteId}
          aria-invalid={quantity < 1 || quantity > most ? true : undefined}
          onChange={(event) => {
            const typed = Number.parseInt(event.target.value, 10);
            onQuantity(product._id, Number.isFinite(typed) && typed > 0 ? Math.min(typed, most) : 0);
          }}
        />
      </td>
      <td className={`${styles.td} ${styles.num}`}>
        <Price value={lineTotal(line)} />
      </td>
      <td className={styles.td}>
        <button type="button" className={button({ tone: 'danger' })} aria-label={T.remove(product.name)} onClick={() => onRemove(product._id)}>
          Remove
        </button>
      </td>
    </tr>
  );
}
