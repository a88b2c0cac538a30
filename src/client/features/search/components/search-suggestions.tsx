import { type KeyboardEvent, type RefObject, useImperativeHandle, useLayoutEffect } from 'react';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import type { Product } from '@/shared/types';
import * as css from './search.css';
import { type SearchCombobox, useSearchCombobox } from './use-search-combobox';

/** What the search box draws on its input and live region from the combobox. */
export interface ComboboxView {
  expanded: boolean;
  activeDescendant: string | undefined;
  /** How many matches, for screen readers (empty while the list shows none). */
  announcement: string;
}

/** What the search box hands the combobox: its input's keys and focus, and closing the list. */
export interface ComboboxControl {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onFocus(): void;
  closeList(): void;
}

/**
 * The search box's suggestions: the combobox (useSearchCombobox) and its popup. Its own chunk, loaded
 * on the box's first focus or tap, or when the phone is idle; the box (search-box.tsx) keeps the
 * input and what is typed, so nothing typed meanwhile is lost: the matches for it show once this is
 * here. The combobox answers the input's keys through `control` and tells the box what to draw on
 * the input and its live region through `onView`.
 */
export function SearchSuggestions({
  query,
  listId,
  control,
  onView,
  onOpen,
  closeOutside,
}: {
  query: string;
  listId: string;
  control: RefObject<ComboboxControl | null>;
  onView(view: ComboboxView): void;
  onOpen(product: Product): void;
  closeOutside(): boolean;
}) {
  const combobox = useSearchCombobox(query, listId, onOpen, closeOutside);
  const { expanded, activeDescendant, showOptions, results } = combobox;
  const announcement = showOptions ? `${results.length} ${results.length === 1 ? 'match' : 'matches'}, use the arrow keys to choose` : '';
  useImperativeHandle(control, () => ({ onKeyDown: combobox.onKeyDown, onFocus: combobox.onFocus, closeList: combobox.closeList }));
  // Before paint, so the input's aria-expanded never disagrees with the popup on screen.
  useLayoutEffect(() => onView({ expanded, activeDescendant, announcement }), [onView, expanded, activeDescendant, announcement]);
  return <SuggestionPopup listId={listId} combobox={combobox} onOpen={onOpen} />;
}

/**
 * The search box's popup: the listbox of matching products (name, description, price) and its
 * message. Closed, it is what search-box.tsx draws until this chunk is here (ClosedPopup).
 */
function SuggestionPopup({ listId, combobox, onOpen }: { listId: string; combobox: SearchCombobox; onOpen: (product: Product) => void }) {
  const { results, expanded, showOptions, message, active, setActive } = combobox;
  return (
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
              onClick={() => onOpen(product)}
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
  );
}
