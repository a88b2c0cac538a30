import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import type { Product } from '@/shared/types';
import * as css from './search.css';
import type { SearchCombobox } from './use-search-combobox';

/** The search box's popup: the listbox of matching products (name, description, price) and its message. */
export function SuggestionPopup({ listId, combobox, onOpen }: { listId: string; combobox: SearchCombobox; onOpen: (product: Product) => void }) {
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
