import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { Stroke } from '@/client/components/icons';
import * as h from './home.css';

/*
 * The home page's sections that hold only links and words, below the fold (home-page.tsx draws them
 * as deferred islands: the server draws them, their code loads once the page is usable).
 */

/** The skin banner and the category tiles, after Best Sellers. */
export function SkinAndCategories() {
  return (
    <>
      <SkinBanner />
      <CategoryRow />
    </>
  );
}

function SkinBanner() {
  return (
    <section className={h.section} aria-labelledby="skin-banner-title">
      <div className={h.banner}>
        <div>
          <h2 id="skin-banner-title" className={h.sectionTitle}>
            Understanding Your Skin
          </h2>
          <p className={h.bannerText}>
            Dry, oily or somewhere in between? Learn what your skin needs in our climate and find gentle, natural care made from shea, cocoa and plant oils.
          </p>
        </div>
        <Link to="/skin" className={button({ tone: 'primary' })}>
          Explore Skin Care
        </Link>
      </div>
    </section>
  );
}

const CATEGORY_TILES = [
  { to: '/hair', label: 'Hair Care', color: 'linear-gradient(135deg, #3f7a4a, #1f3f16)', glyph: 'M4 7h16v4H4z M6 11v8 M9 11v8 M12 11v8 M15 11v8 M18 11v8' },
  { to: '/skin', label: 'Skin Care', color: 'linear-gradient(135deg, #c98a5a, #8f4a22)', glyph: 'M5 5h14v4H5z M6 9h12v9a3 3 0 0 1-3 3H9a3 3 0 0 1-3-3z' },
  {
    to: '/cleansers',
    label: 'Cleansers',
    color: 'linear-gradient(135deg, #6b4a30, #33210f)',
    glyph: 'M3 14a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z M8 6.5a1.5 1.5 0 1 0 0.01 0 M13 4a2 2 0 1 0 0.01 0',
  },
  {
    to: '/gifts-and-sets',
    label: 'Gifts and Sets',
    color: 'linear-gradient(135deg, #a4481f, #6e2d12)',
    glyph: 'M4 11h16v9H4z M3 7h18v4H3z M12 7v13 M12 7C10 3 6 4 8 7 M12 7c2-4 6-3 4 0',
  },
  { to: '/natural-oils', label: 'Natural Oils', color: 'linear-gradient(135deg, #d99a3a, #7a5300)', glyph: 'M12 3c4 5 6 8 6 11a6 6 0 0 1-12 0c0-3 2-6 6-11z' },
] as const;

function CategoryRow() {
  return (
    <section className={h.section} aria-labelledby="categories-title">
      <h2 id="categories-title" className={`${h.sectionTitle} ${h.sectionHead}`}>
        Product Categories
      </h2>
      <ul className={h.categories}>
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={h.categoryLink}>
              <span className={h.categoryIcon} style={{ background: tile.color }} aria-hidden="true">
                <Stroke className={h.categoryGlyph} weight={1.6} d={tile.glyph} />
              </span>
              {tile.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The brand, after New Arrivals. The spec's blog teaser before it (four placeholder cards, 'Blog 1'
 * ... linking to '#') is left out while the shop has no posts: it read as an unfinished shop
 * (docs/decisions.md).
 */
export function BrandSection() {
  return (
    <section className={h.brand} aria-labelledby="brand-title">
      <div>
        <h2 id="brand-title" className={h.brandTitle}>
          Our Brand
        </h2>
        <p className={h.brandText}>
          Since 2019 we have made natural skin and hair care in Ghana from shea butter, black soap and pure plant oils, sourced from women's cooperatives and
          made in small batches.
        </p>
      </div>
      <Link to="/our-brand" resetScroll className={`${button({ tone: 'quiet' })} ${h.brandLink}`}>
        Discover More
      </Link>
    </section>
  );
}
