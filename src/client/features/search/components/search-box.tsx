import { useLocation, useNavigate } from '@tanstack/react-router';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import type { Product } from '@/shared/types';
import * as css from './search.css';
import { SuggestionPopup } from './search-suggestions';
import { useSearchSuggestions } from './use-search-suggestions';

/** Spec section 9: the small-screen toggle waits 200 ms. */
const SEARCH_TOGGLE_DEBOUNCE_MS = 200;

const SearchIcon = () => <Stroke size={22} d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2" />;

/**
 * The small screen's search field, behind a toggle (opened 200 ms after the tap): it takes the
 * focus once it opens.
 */
function useSmallScreenField() {
  const [fieldOpen, setFieldOpen] = useState(false);
  const toggleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (fieldOpen) inputRef.current?.focus();
  }, [fieldOpen]);
  useEffect(() => () => clearTimeout(toggleTimer.current), []);

  const toggleField = () => {
    clearTimeout(toggleTimer.current);
    toggleTimer.current = setTimeout(() => setFieldOpen((open) => !open), SEARCH_TOGGLE_DEBOUNCE_MS);
  };
  return { fieldOpen, setFieldOpen, toggleField, toggleRef, inputRef };
}

type Suggestions = ReturnType<typeof useSearchSuggestions>;

/**
 * The combobox's keys: the arrows move through the matches (ArrowDown opens the list again), Enter
 * opens the highlighted match (without one the form submits), Escape closes the list, then the
 * small-screen field (the focus back on its toggle).
 */
function onComboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  suggestions: Suggestions,
  field: ReturnType<typeof useSmallScreenField>,
  openProduct: (product: Product) => void,
) {
  const { expanded, showOptions, results, active, setActive } = suggestions;
  const count = showOptions ? results.length : 0;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (!expanded) suggestions.reopenList();
      else if (count > 0) setActive((a) => (a + 1) % count);
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
        suggestions.closeList();
      } else if (field.fieldOpen) {
        event.preventDefault();
        field.setFieldOpen(false);
        field.toggleRef.current?.focus();
      }
      break;
  }
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
  const field = useSmallScreenField();
  const suggestions = useSearchSuggestions();
  const { query, results, expanded, showOptions, active } = suggestions;
  const fieldId = useId();
  const listId = useId();
  const labelId = useId();

  // Another page: the small-screen field and the list close.
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page closes them
  useEffect(() => {
    if (!pathname) return;
    field.setFieldOpen(false);
    suggestions.closeList();
  }, [pathname]);

  const finish = () => {
    suggestions.closeList();
    field.setFieldOpen(false);
    field.inputRef.current?.blur();
  };
  const openProduct = (product: Product) => {
    finish();
    suggestions.clear();
    void navigate({ to: '/product/$id', params: { id: product._id } });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    finish();
    void navigate({ to: '/search', search: { q } });
  };
  // Leaving the search (focus elsewhere) closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) suggestions.closeList();
  };

  return (
    <div className={css.root}>
      <button
        ref={field.toggleRef}
        type="button"
        className={css.toggle}
        aria-label="Search"
        aria-expanded={field.fieldOpen}
        aria-controls={fieldId}
        onClick={field.toggleField}
      >
        <SearchIcon />
      </button>
      <div id={fieldId} className={css.field} data-open={field.fieldOpen}>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we serve; the role gives the same landmark */}
        <form role="search" className={css.form} onSubmit={onSubmit} onBlur={onBlur} aria-labelledby={labelId}>
          <label id={labelId} htmlFor={`${fieldId}-input`} className="visually-hidden">
            Search products
          </label>
          <input
            ref={field.inputRef}
            id={`${fieldId}-input`}
            className={css.input}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={showOptions && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search products…"
            maxLength={200}
            value={query}
            onChange={(e) => suggestions.setQuery(e.target.value)}
            onKeyDown={(event) => onComboboxKey(event, suggestions, field, openProduct)}
            onFocus={suggestions.reopenList}
          />
          <button type="submit" className={css.submit} aria-label="Show all results">
            <SearchIcon />
          </button>
          <SuggestionPopup
            listId={listId}
            results={results}
            expanded={expanded}
            showOptions={showOptions}
            message={suggestions.message}
            active={active}
            onHighlight={suggestions.setActive}
            onOpen={openProduct}
          />
        </form>
        {/* Always present, so screen readers hear how many matches there are. */}
        <p className="visually-hidden" aria-live="polite">
          {showOptions ? `${results.length} ${results.length === 1 ? 'match' : 'matches'}, use the arrow keys to choose` : ''}
        </p>
      </div>
    </div>
  );
}
