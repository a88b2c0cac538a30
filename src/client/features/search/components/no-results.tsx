import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { ChatIcon } from '@/client/components/icons';
import type { ListingQuery } from '@/client/lib/queries/catalogue';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import { useProductPage } from '@/client/lib/use-product-page';
import { whatsappChatUrl } from '@/client/lib/whatsapp';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { SEARCH_TEXTS } from '../texts';
import * as css from './no-results.css';
import { ResultCard } from './result-card';
import { grid } from './search.css';

/** Four of the most bought (offline, from the phone's copy, as every listing). */
const BEST_SELLERS_QUERY: ListingQuery = { sort: 'popularity', limit: 4 };

/**
 * A search that found nothing: the spec's 'No products found', then ways on rather than a dead end:
 * a WhatsApp chat with the shop, the search's words already in its first message (when the shop has
 * a number), the categories, and the best sellers.
 */
export function NoResults({ query }: { query: string }) {
  const settings = useShopSettings();
  const number = whatsappNumber(settings);
  const bestSellers = useProductPage(BEST_SELLERS_QUERY).products;

  return (
    <div className={css.root}>
      <div className={css.intro}>
        <p role="status" className={css.status}>
          No products found
        </p>
        <p className={css.help}>{SEARCH_TEXTS.noResultsHelp}</p>
        {number && (
          <a
            className={button({ tone: 'primary' })}
            href={whatsappChatUrl(number, SEARCH_TEXTS.whatsappMessage(settings?.shopName || DEFAULT_SHOP_NAME, query))}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ChatIcon />
            {SEARCH_TEXTS.askOnWhatsapp} <span className="visually-hidden">{SEARCH_TEXTS.opensInNewTab}</span>
          </a>
        )}
      </div>
      <section aria-labelledby="no-results-categories">
        <h2 id="no-results-categories" className={css.sectionHeading}>
          {SEARCH_TEXTS.categoriesHeading}
        </h2>
        <ul className={css.categories}>
          {SHOP_CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link to={`/${category.slug}` as const} className={button({ tone: 'quiet', size: 'sm' })}>
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {bestSellers.length > 0 && (
        <section aria-labelledby="no-results-best-sellers">
          <h2 id="no-results-best-sellers" className={css.sectionHeading}>
            {SEARCH_TEXTS.bestSellersHeading}
          </h2>
          <ul className={grid}>
            {bestSellers.map((product) => (
              <li key={product._id}>
                <ResultCard product={product} priority={false} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
