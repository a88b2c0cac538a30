import { useLocation, useNavigate } from '@tanstack/react-router';
import { type FocusEvent, type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import { takeEarlyTap } from '@/client/lib/early-taps';
import type { Product } from '@/shared/types';
import * as css from './search.css';
import { SuggestionPopup } from './search-suggestions';
import { useSearchCombobox } from './use-search-combobox';

/** Spec section 9: the small-screen toggle waits 200 ms. */
const SEARCH_TOGGLE_DEBOUNCE_MS = 200;

const SearchIcon = () => <Stroke size={22} d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2" />;

/**
 * The small screen's search field, behind a toggle (opened 200 ms after the tap): it takes the
 * focus once it opens.
 */
function useSmallScreenField(inputRef: RefObject<HTMLInputElement | null>) {
  const [fieldOpen, setFieldOpen] = useState(false);
  const toggleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (fieldOpen) inputRef.current?.focus();
  }, [inputRef, fieldOpen]);
  useEffect(() => () => clearTimeout(toggleTimer.current), []);

  const toggleField = () => {
    clearTimeout(toggleTimer.current);
    toggleTimer.current = setTimeout(() => setFieldOpen((open) => !open), SEARCH_TOGGLE_DEBOUNCE_MS);
  };
  return [fieldOpen, setFieldOpen, toggleField] as const;
}

/**
 * The top bar's search (spec section 2): a combobox whose list shows up to 5 matching products
 * (name, description, price) 300 ms after typing stops. Arrow keys move through the matches, Enter
 * opens the highlighted one or, without one, goes to /search?q=; Escape closes the list. A blank
 * query is ignored. The matches come from the phone's copy of the catalogue when it holds one
 * (instantly, also offline), else from the server (`GET /products?q=`, a short page).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [fieldOpen, setFieldOpen, toggleField] = useSmallScreenField(inputRef);
  const fieldId = useId();
  const listId = useId();
  const labelId = useId();
  // Escape with the list closed: the small-screen field closes, the focus back on its toggle.
  const closeField = () => {
    if (!fieldOpen) return false;
    setFieldOpen(false);
    toggleRef.current?.focus();
    return true;
  };
  const combobox = useSearchCombobox(listId, (product) => openProduct(product), closeField);

  // Another page: the small-screen field and the list close. As the app takes over the first page,
  // the field opens instead if Search was tapped on the server's page meanwhile (lib/early-taps.ts).
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page closes them
  useEffect(() => {
    if (!pathname) return;
    setFieldOpen(takeEarlyTap('search'));
    combobox.closeList();
  }, [pathname]);

  const finish = () => {
    combobox.closeList();
    setFieldOpen(false);
    inputRef.current?.blur();
  };
  const openProduct = (product: Product) => {
    finish();
    combobox.clear();
    void navigate({ to: '/product/$id', params: { id: product._id } });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = combobox.input.value.trim();
    if (!q) return;
    finish();
    void navigate({ to: '/search', search: { q } });
  };
  // Leaving the search (focus elsewhere) closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) combobox.closeList();
  };

  return (
    <div className={css.root}>
      <button
        ref={toggleRef}
        type="button"
        className={css.toggle}
        aria-label="Search"
        data-early-tap="search"
        aria-expanded={fieldOpen}
        aria-controls={fieldId}
        onClick={toggleField}
      >
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
            aria-expanded={combobox.expanded}
            aria-controls={listId}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search products…"
            maxLength={200}
            {...combobox.input}
          />
          <button type="submit" className={css.submit} aria-label="Show all results">
            <SearchIcon />
          </button>
          <SuggestionPopup listId={listId} combobox={combobox} onOpen={openProduct} />
        </form>
        {/* Always present, so screen readers hear how many matches there are. */}
        <p className="visually-hidden" aria-live="polite">
          {combobox.showOptions ? `${combobox.results.length} ${combobox.results.length === 1 ? 'match' : 'matches'}, use the arrow keys to choose` : ''}
        </p>
      </div>
    </div>
  );
}
