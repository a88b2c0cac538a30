import { useLocation, useNavigate } from '@tanstack/react-router';
import { type ChangeEvent, type FocusEvent, type FormEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import { takeEarlyTap } from '@/client/lib/early-taps';
import { useLateComponent } from '@/client/lib/use-late-component';
import { usePrefetchWhenSettled } from '@/client/lib/use-prefetch-when-settled';
import { productAddress } from '@/shared/product-address';
import type { Product } from '@/shared/types';
import * as css from './search.css';
import type { ComboboxControl, ComboboxView } from './search-suggestions';

// The combobox and its list: nothing the first screen shows, so out of the start-up chunks.
const loadModule = () => import('./search-suggestions');
const loadSuggestions = () => loadModule().then((m) => m.SearchSuggestions);

const CLOSED: ComboboxView = { expanded: false, activeDescendant: undefined, announcement: '' };

/** Spec section 9: the small-screen toggle waits 200 ms. */
const SEARCH_TOGGLE_DEBOUNCE_MS = 200;

const SearchIcon = () => <Stroke size={22} d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2" />;

/**
 * The small screen's search field, behind a toggle (opened 200 ms after the tap): it takes the
 * focus once it opens. `closeField` answers Escape with the list closed: the field closes, the focus
 * back on its toggle (true when it was open).
 */
function useSmallScreenField(inputRef: RefObject<HTMLInputElement | null>, toggleRef: RefObject<HTMLButtonElement | null>) {
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
  const closeField = () => {
    if (!fieldOpen) return false;
    setFieldOpen(false);
    toggleRef.current?.focus();
    return true;
  };
  return [fieldOpen, setFieldOpen, toggleField, closeField] as const;
}

/**
 * What is typed, and the combobox behind the input once its chunk is here (search-suggestions.tsx,
 * asked for on the first focus or tap: `engage`). Until then Escape can only close the small-screen
 * field (`closeField`), and there is no list to close.
 */
function useComboboxOnDemand(fieldOpen: boolean, closeField: () => boolean) {
  const [query, setQuery] = useState('');
  const [engaged, setEngaged] = useState(false);
  const [view, setView] = useState(CLOSED);
  const control = useRef<ComboboxControl>(null);
  usePrefetchWhenSettled(loadModule);
  const Suggestions = useLateComponent(engaged || fieldOpen, loadSuggestions);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (control.current) control.current.onKeyDown(event);
    else if (event.key === 'Escape' && closeField()) event.preventDefault();
  };
  return {
    query,
    view,
    Suggestions,
    control,
    setView,
    engage: () => setEngaged(true),
    closeList: () => control.current?.closeList(),
    clear: () => setQuery(''),
    input: {
      value: query,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value),
      onKeyDown,
      onFocus: () => {
        setEngaged(true);
        control.current?.onFocus();
      },
      'aria-activedescendant': view.activeDescendant,
    },
  };
}

/**
 * The top bar's search (spec section 2): a combobox whose list shows up to 5 matching products
 * (name, description, price) 300 ms after typing stops. Arrow keys move through the matches, Enter
 * opens the highlighted one or, without one, goes to /search?q=; Escape closes the list. A blank
 * query is ignored. The matches come from the phone's copy of the catalogue when it holds one
 * (instantly, also offline), else from the server (`GET /products?q=`, a short page). The list and
 * its keys (search-suggestions.tsx) load on the box's first focus or tap, or when the phone is idle;
 * until then this keeps what is typed and Enter searches it.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [fieldOpen, setFieldOpen, toggleField, closeField] = useSmallScreenField(inputRef, toggleRef);
  const fieldId = useId();
  const listId = useId();
  const labelId = useId();
  const combobox = useComboboxOnDemand(fieldOpen, closeField);

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
    void navigate({ to: '/product/$id', params: { id: productAddress(product) } });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = combobox.query.trim();
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
        onClick={() => {
          combobox.engage();
          toggleField();
        }}
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
            aria-expanded={combobox.view.expanded}
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
          <Popup combobox={combobox} listId={listId} onOpen={openProduct} closeOutside={closeField} />
        </form>
        {/* Always present, so screen readers hear how many matches there are. */}
        <p className="visually-hidden" aria-live="polite">
          {combobox.view.announcement}
        </p>
      </div>
    </div>
  );
}

/**
 * The combobox's popup once its chunk is here; until then the same popup closed, as the server's
 * page has it (the input's aria-controls names its listbox).
 */
function Popup({
  combobox,
  listId,
  onOpen,
  closeOutside,
}: {
  combobox: ReturnType<typeof useComboboxOnDemand>;
  listId: string;
  onOpen(product: Product): void;
  closeOutside(): boolean;
}) {
  const { Suggestions } = combobox;
  if (Suggestions)
    return (
      <Suggestions listId={listId} query={combobox.query} control={combobox.control} onView={combobox.setView} onOpen={onOpen} closeOutside={closeOutside} />
    );
  return (
    <div className={css.popup} hidden>
      <div id={listId} role="listbox" aria-label="Matching products" className={css.listbox} hidden />
    </div>
  );
}
