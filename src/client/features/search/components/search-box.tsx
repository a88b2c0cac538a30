import { useLocation, useNavigate } from '@tanstack/react-router';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import { useProductPage } from '@/client/lib/use-product-page';
import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { Product } from '@/shared/types';
import * as css from './search.css';

/** Spec section 9: search waits 300 ms after the last key; the small-screen toggle 200 ms. */
const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_TOGGLE_DEBOUNCE_MS = 200;

const SearchIcon = () => <Stroke size={22} d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2" />;

/**
 * The top bar's search (spec section 2): a combobox whose list shows up to 5 matching products
 * (name, description, price) 300 ms after typing stops. Arrow keys move through the matches, Enter
 * opens the highlighted one or, without one, goes to /search?q=; Escape closes the list. A blank
 * query is ignored. The matches come from the phone's copy of the catalogue when it holds one
 * (instantly, also offline), else from the server (`GET /products?q=`, a short page).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [fieldOpen, setFieldOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const suggestionsQuery = useMemo(() => ({ q: term, limit: LIMITS.searchResults }), [term]);
  const { status, products: results, error } = useProductPage(suggestionsQuery, { enabled: term !== '', preferCopy: true });
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const toggleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const listId = useId();
  const labelId = useId();

  // The search runs 300 ms after the last change; clearing the box hides the list at once.
  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) {
      setTerm('');
      setListOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      setTerm(trimmed);
      setActive(-1);
      setListOpen(true);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // Another page: the small-screen field and the list close.
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    if (!pathname) return;
    setFieldOpen(false);
    setListOpen(false);
  }, [pathname]);

  // The small-screen field takes focus once it opens.
  useEffect(() => {
    if (fieldOpen) inputRef.current?.focus();
  }, [fieldOpen]);

  useEffect(() => () => clearTimeout(toggleTimer.current), []);

  const expanded = listOpen && term !== '';
  const showOptions = expanded && status === 'ready' && results.length > 0;
  const message = expanded ? popupMessage(status, error, results.length === 0) : null;
  const activeId = showOptions && active >= 0 ? `${listId}-${active}` : undefined;

  const toggleField = () => {
    clearTimeout(toggleTimer.current);
    toggleTimer.current = setTimeout(() => setFieldOpen((open) => !open), SEARCH_TOGGLE_DEBOUNCE_MS);
  };

  const finish = () => {
    setListOpen(false);
    setActive(-1);
    setFieldOpen(false);
    inputRef.current?.blur();
  };

  const openProduct = (product: Product) => {
    finish();
    setQuery('');
    setTerm('');
    void navigate({ to: '/product/$id', params: { id: product._id } });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    finish();
    void navigate({ to: '/search', search: { q } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = showOptions ? results.length : 0;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          if (term) setListOpen(true);
        } else if (count > 0) setActive((a) => (a + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (count > 0) setActive((a) => (a <= 0 ? count - 1 : a - 1));
        break;
      case 'Enter': {
        const chosen = active >= 0 ? results[active] : undefined;
        if (showOptions && chosen) {
          event.preventDefault();
          openProduct(chosen);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setListOpen(false);
          setActive(-1);
        } else if (fieldOpen) {
          event.preventDefault();
          setFieldOpen(false);
          toggleRef.current?.focus();
        }
        break;
    }
  };

  // Leaving the search (focus elsewhere) closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setListOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={css.root}>
      <button ref={toggleRef} type="button" className={css.toggle} aria-label="Search" aria-expanded={fieldOpen} aria-controls={fieldId} onClick={toggleField}>
        <SearchIcon />
      </button>
      <div id={fieldId} className={css.field} data-open={fieldOpen}>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we serve; the role gives the same landmark */}
        <form role="search" className={css.form} onSubmit={onSubmit} onBlur={onBlur} aria-labelledby={labelId}>
          <label id={labelId} htmlFor={`${fieldId}-input`} className="visually-hidden">
            Search products
          </label>
          <input
            ref={inputRef}
            id={`${fieldId}-input`}
            className={css.input}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeId}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search products…"
            maxLength={200}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => {
              if (term) setListOpen(true);
            }}
          />
          <button type="submit" className={css.submit} aria-label="Show all results">
            <SearchIcon />
          </button>
          <div className={css.popup} hidden={!expanded}>
            <div id={listId} role="listbox" aria-label="Matching products" className={css.listbox} hidden={!showOptions}>
              {showOptions &&
                results.map((product, i) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the combobox (aria-activedescendant)
                  // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are never focused themselves
                  <div
                    key={product._id}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={css.option}
                    // Keep focus in the box: the click opens the product.
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => setActive(i)}
                    onClick={() => openProduct(product)}
                  >
                    <ProductImage src={product.productImageUrls[0]} alt="" width={48} height={48} sizes="48px" className={css.optionImage} />
                    <span className={css.optionText}>
                      <span className={css.optionName}>{product.name}</span>
                      <span className={css.optionDescription}>{product.description}</span>
                    </span>
                    <Price value={product.price} className={css.optionPrice} />
                  </div>
                ))}
            </div>
            {expanded && message && (
              <p className={message.error ? css.errorMessage : css.message} role={message.error ? 'alert' : 'status'}>
                {message.text}
              </p>
            )}
          </div>
        </form>
        {/* Always present, so screen readers hear how many matches there are. */}
        <p className="visually-hidden" aria-live="polite">
          {showOptions ? `${results.length} ${results.length === 1 ? 'match' : 'matches'}, use the arrow keys to choose` : ''}
        </p>
      </div>
    </div>
  );
}

function popupMessage(status: string, error: string | null, empty: boolean): { text: string; error?: boolean } | null {
  if (status === 'error') return { text: error || MESSAGES.productsFetchFailed, error: true };
  if (status !== 'ready') return { text: 'Searching…' };
  if (empty) return { text: 'No products found' };
  return null;
}
