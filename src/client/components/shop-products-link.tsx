import { Link } from '@tanstack/react-router';
import { SHOP_TEXTS } from '../lib/texts';
import { button } from './button';

/** 'Shop Products': the way on from an empty cart, an empty order list or a checkout with nothing to buy. */
export function ShopProductsLink() {
  return (
    <Link to="/products" className={button({ tone: 'primary' })}>
      {SHOP_TEXTS.shopProducts}
    </Link>
  );
}
