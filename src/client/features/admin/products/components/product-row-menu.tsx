import { Link } from '@tanstack/react-router';
import { type CSSProperties, useId, useLayoutEffect, useState } from 'react';
import { button } from '@/client/components/button';
import { ChevronDownIcon } from '@/client/components/icons';
import { useMenuButton } from '@/client/lib/use-menu-button';
import type { Product } from '@/shared/types';
import { PRODUCT_TEXTS } from '../texts';
import * as styles from './products.css';

/** Where the open menu sits: under its button, right edges aligned; above it when the screen has no room below. */
function placeUnder(anchor: HTMLElement, menuHeight: number): CSSProperties {
  const box = anchor.getBoundingClientRect();
  const gap = 4;
  const below = box.bottom + gap + menuHeight <= window.innerHeight;
  return {
    right: Math.max(0, document.documentElement.clientWidth - box.right),
    ...(below ? { top: box.bottom + gap } : { bottom: window.innerHeight - box.top + gap }),
  };
}

/**
 * A product row's "More" menu: See in the shop, and Delete (which asks first, `onDelete`). The menu
 * is fixed to the screen rather than inside the table's scroll box, which would clip the last
 * row's; it closes when the page scrolls or the screen turns, as it would drift from its button.
 */
export function ProductRowMenu({ product, deleting, onDelete }: { product: Product; deleting: boolean; onDelete(): void }) {
  const { open, setOpen, close, wrapRef, buttonRef, menuRef, onButtonKeyDown, onMenuKeyDown } = useMenuButton();
  const buttonId = useId();
  const menuId = useId();
  const [place, setPlace] = useState<CSSProperties>({});

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    setPlace(placeUnder(buttonRef.current, menuRef.current?.offsetHeight ?? 0));
    const shut = () => setOpen(false);
    window.addEventListener('scroll', shut, { capture: true, passive: true });
    window.addEventListener('resize', shut);
    return () => {
      window.removeEventListener('scroll', shut, { capture: true });
      window.removeEventListener('resize', shut);
    };
  }, [open, buttonRef, menuRef, setOpen]);

  const askToDelete = () => {
    // The dialog gives the focus back to the menu's button when it closes.
    close(true);
    onDelete();
  };

  return (
    <div ref={wrapRef} className={styles.rowMenuWrap}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={`${button({ tone: 'quiet', size: 'sm' })} ${styles.rowButton}`}
        aria-label={PRODUCT_TEXTS.moreFor(product.name)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={deleting}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {PRODUCT_TEXTS.more}
        <ChevronDownIcon />
      </button>
      {/* Only while open: ten rows' hidden menus would only add to the page. */}
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} tabIndex={-1} className={styles.rowMenu} style={place} onKeyDown={onMenuKeyDown}>
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/product/$id"
            params={{ id: product._id }}
            target="_blank"
            className={styles.rowMenuItem}
            onClick={() => close(false)}
          >
            {PRODUCT_TEXTS.seeInShop}
          </Link>
          <button type="button" role="menuitem" tabIndex={-1} className={`${styles.rowMenuItem} ${styles.rowMenuDanger}`} onClick={askToDelete}>
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
