import { type CategorySlug, SHOP_CATEGORIES } from '@/shared/constants';
import { ListingPage } from './listing-page';

const DESCRIPTIONS: Record<CategorySlug, string> = {
  hair: 'Natural hair care from Ghana: growth oils, shea hair butters and gentle treatments for every hair type, priced in cedi.',
  skin: 'Natural skin care from Ghana: raw shea butter, cocoa butter, body creams and face care for every skin type, priced in cedi.',
  cleansers: 'Natural cleansers from Ghana: African black soap and gentle washes for face, body and hair, priced in cedi.',
  'gifts-and-sets': 'Gift sets of natural skin and hair care from Ghana, ready to give, priced in cedi.',
  'natural-oils': 'Pure natural oils from Ghana: baobab, moringa, coconut and more, for skin and hair, priced in cedi.',
};

/** One of the five category pages: that category's products, sorted, with its own heading. */
export function CategoryPage({ slug }: { slug: CategorySlug }) {
  const entry = SHOP_CATEGORIES.find((c) => c.slug === slug) ?? SHOP_CATEGORIES[0];
  return (
    <ListingPage
      heading={entry.label}
      crumbs={[{ label: 'Home', to: '/' }, { label: 'Products', to: '/products' }, { label: entry.label }]}
      documentTitle={entry.label}
      description={DESCRIPTIONS[entry.slug]}
      category={entry.category}
      emptyText={`There are no products in ${entry.label} yet. Please check back soon.`}
    />
  );
}
