import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useProductPage } from '@/client/lib/use-product-page';
import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { Product } from '@/shared/types';

/** Spec section 9: search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** What the popup says instead of (or besides) the matches: searching, nothing found, or the failure. */
export interface PopupMessage {
  text: string;
  error?: boolean;
}

/**
 * The search box's combobox, from the text typed (`query`, kept by search-box.tsx): the term searched
 * 300 ms after typing stops (up to 5 matches, from the phone's copy of the catalogue when it holds
 * one, else from the server), the list's open state and highlighted option, and its keys. Clearing
 * the box hides the list at once. `open` opens a match; `closeOutside` answers Escape once the list
 * is closed (true when it closed something).
 */
export function useSearchCombobox(query: string, listId: string, open: (product: Product) => void, closeOutside: () => boolean) {
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
  const count = showOptions ? results.length : 0;
  const closeList = () => {
    setListOpen(false);
    setActive(-1);
  };
  // Arrows move through the matches (ArrowDown opens the list again), Enter opens the highlighted
  // one (without one the form submits), Escape closes the list, then whatever `closeOutside` closes.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
          open(chosen);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          closeList();
        } else if (closeOutside()) event.preventDefault();
        break;
    }
  };
  return {
    results,
    expanded,
    showOptions,
    message: expanded ? popupMessage(status, error, results.length === 0) : null,
    active,
    setActive,
    closeList,
    onKeyDown,
    // Back in the box: the list of the term searched last opens again.
    onFocus: () => {
      if (term) setListOpen(true);
    },
    activeDescendant: showOptions && active >= 0 ? `${listId}-${active}` : undefined,
  };
}

/** What the search box's parts read of its combobox. */
export type SearchCombobox = ReturnType<typeof useSearchCombobox>;

function popupMessage(status: string, error: string | null, empty: boolean): PopupMessage | null {
  if (status === 'error') return { text: error || MESSAGES.productsFetchFailed, error: true };
  if (status !== 'ready') return { text: 'Searching…' };
  if (empty) return { text: 'No products found' };
  return null;
}
