import { useEffect, useMemo, useState } from 'react';
import { useProductPage } from '@/client/lib/use-product-page';
import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { PopupMessage } from './search-suggestions';

/** Spec section 9: search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's suggestions: the text typed, the term searched 300 ms after typing stops (up to
 * 5 matches, from the phone's copy of the catalogue when it holds one, else from the server), and
 * the list's open state and highlighted option. Clearing the box hides the list at once.
 */
export function useSearchSuggestions() {
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const suggestionsQuery = useMemo(() => ({ q: term, limit: LIMITS.searchResults }), [term]);
  const { status, products: results, error } = useProductPage(suggestionsQuery, { enabled: term !== '', preferCopy: true });
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);

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

  const expanded = listOpen && term !== '';
  const showOptions = expanded && status === 'ready' && results.length > 0;
  const closeList = () => {
    setListOpen(false);
    setActive(-1);
  };
  /** Opens the list again for the term searched last (focus back in the box, ArrowDown). */
  const reopenList = () => {
    if (term) setListOpen(true);
  };
  /** The box emptied after a product was opened. */
  const clear = () => {
    setQuery('');
    setTerm('');
  };
  return {
    query,
    setQuery,
    results,
    expanded,
    showOptions,
    message: expanded ? popupMessage(status, error, results.length === 0) : null,
    active,
    setActive,
    closeList,
    reopenList,
    clear,
  };
}

function popupMessage(status: string, error: string | null, empty: boolean): PopupMessage | null {
  if (status === 'error') return { text: error || MESSAGES.productsFetchFailed, error: true };
  if (status !== 'ready') return { text: 'Searching…' };
  if (empty) return { text: 'No products found' };
  return null;
}
