import { useLayoutEffect } from 'react';
import { container } from '../../components/primitives.css';
import { usePageTitle } from '../../lib/head';
import { CallToAction } from './call-to-action';
import * as styles from './pages.css';

const INGREDIENTS = [
  {
    name: 'Shea butter',
    origin: 'Northern Ghana',
    text: 'Our name comes from it: nkuto is the Twi word for shea butter. Women in the north gather the nuts after the rains, then crack, roast, grind and knead them by hand into the soft ivory butter at the heart of our creams, balms and hair butters.',
  },
  {
    name: 'African black soap',
    origin: 'A Ghanaian tradition',
    text: 'Alata samina is made the old way: plantain peels and cocoa pods are sun-dried and burnt to ash, then cooked slowly with palm kernel oil and shea butter. The result is a soft, earthy soap for face, body and scalp.',
  },
  {
    name: 'Baobab',
    origin: 'Upper East and Upper West',
    text: 'The baobab tree grows across the savannah of the north. Its seeds give a light, golden oil that sinks in quickly, which is why we use it in our face oils and leave-in treatments.',
  },
  {
    name: 'Moringa',
    origin: 'Grown across Ghana',
    text: 'Moringa trees grow fast in Ghanaian backyards and farms. We press the seeds for a clear, gentle oil and use the dried leaf powder in our hair masks.',
  },
] as const;

const VALUES = [
  {
    mark: '1',
    title: 'Ingredients you can read',
    text: 'Short ingredient lists, written out in full on every label. If something is in the jar, you will find it on the jar.',
  },
  {
    mark: '2',
    title: 'Fair work for the women who make it',
    text: 'Shea butter and black soap are women’s crafts in Ghana. We buy them from women’s cooperatives, so more of what you pay stays with the women who make them.',
  },
  {
    mark: '3',
    title: 'Small batches',
    text: 'We blend and pour in small batches in Accra, so what reaches you is fresh.',
  },
  {
    mark: '4',
    title: 'Honest about what it does',
    text: 'Natural does not mean miracle. We describe how our products feel and how to use them, and we send you to a doctor for anything more.',
  },
] as const;

// Sample quotes for the layout: replace with real customer words (with their permission) before launch.
const TESTIMONIALS = [
  { quote: 'The shea body butter is the only thing that keeps my skin soft through the harmattan. One tub lasts me for months.', by: 'Ama, Kumasi' },
  {
    quote: 'I switched to the black soap for my scalp and I like how clean it feels without stripping my hair. The delivery to Tema was quick too.',
    by: 'Kwabena, Tema',
  },
  {
    quote: 'I bought the gift set for my mother. She loved that every ingredient was written on the label and that it was made here in Ghana.',
    by: 'Efua, Cape Coast',
  },
] as const;

/** /our-brand: the story (founded 2019), the ingredients, our values and what shoppers say. */
export function OurBrandPage() {
  usePageTitle(
    'Our Brand',
    'The story of Nkuto Naturals: shea butter from northern Ghana, traditional black soap, baobab and moringa, made with women’s cooperatives since 2019.',
  );

  // Arriving from 'Discover More' (or anywhere) starts at the top of the story.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, []);

  return (
    <>
      <section className={styles.banner} aria-labelledby="brand-title">
        <div className={styles.bannerInner}>
          <p className={styles.kicker}>Since 2019</p>
          <h1 id="brand-title" className={styles.bannerTitle}>
            Our Brand
          </h1>
          <p className={styles.bannerText}>Natural skincare and haircare, rooted in Ghana and made by hand.</p>
        </div>
      </section>

      <StorySection />
      <IngredientsSection />
      <ValuesSection />
      <TestimonialsSection />
    </>
  );
}

/** The story: how it began, and the milestones since. */
function StorySection() {
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="brand-story-title">
      <div className={styles.prose}>
        <h2 id="brand-story-title" className={styles.sectionTitle}>
          Our story
        </h2>
        <p className={styles.paragraph}>
          Nkuto Naturals began in Accra in 2019 with a simple idea: the shea butter and black soap that Ghanaian families have made by hand for generations
          deserve a place in every bathroom, not only in the market. Made well, with nothing added, they are hard to beat.
        </p>
        <p className={styles.paragraph}>
          We wanted more people to have that. So we work with the women’s cooperatives in the north who make shea butter and black soap. Today we turn what they
          make, together with baobab and moringa oils, into everyday products for skin and hair, and send them to homes across Ghana.
        </p>
        <ol className={styles.timeline} aria-label="Milestones">
          <li>
            <span className={styles.timelineYear}>2019</span>
            Our first shea butter and black soap, sold to friends and neighbours in Accra.
          </li>
          <li>
            <span className={styles.timelineYear}>Then</span>
            Hair oils and butters with baobab and moringa, and gift sets for birthdays and weddings.
          </li>
          <li>
            <span className={styles.timelineYear}>Today</span>
            An online shop that delivers across Ghana, with Mobile Money or cash on delivery.
          </li>
        </ol>
      </div>
    </section>
  );
}

/** What goes into the jars, and where it comes from. */
function IngredientsSection() {
  return (
    <section className={`${styles.section} ${styles.sectionMuted}`} aria-labelledby="brand-ingredients-title">
      <div className={container}>
        <h2 id="brand-ingredients-title" className={styles.sectionTitle}>
          What goes into our jars
        </h2>
        <ul className={styles.grid4}>
          {INGREDIENTS.map((ingredient) => (
            <li key={ingredient.name} className={styles.ingredient}>
              <p className={styles.ingredientOrigin}>{ingredient.origin}</p>
              <h3 className={styles.cardTitle}>{ingredient.name}</h3>
              <p className={styles.muted}>{ingredient.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** What the shop stands for. */
function ValuesSection() {
  return (
    <section className={`${container} ${styles.section}`} aria-labelledby="brand-values-title">
      <h2 id="brand-values-title" className={styles.sectionTitle}>
        What we stand for
      </h2>
      <ul className={styles.grid}>
        {VALUES.map((value) => (
          <li key={value.title} className={styles.value}>
            <span className={styles.valueMark} aria-hidden="true">
              {value.mark}
            </span>
            <div>
              <h3 className={styles.cardTitle}>{value.title}</h3>
              <p className={styles.muted}>{value.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What shoppers say, and the way to the products. */
function TestimonialsSection() {
  return (
    <section className={`${styles.section} ${styles.sectionMuted}`} aria-labelledby="brand-testimonials-title">
      <div className={container}>
        <h2 id="brand-testimonials-title" className={styles.sectionTitle}>
          What our customers say
        </h2>
        <ul className={styles.grid3}>
          {TESTIMONIALS.map((t) => (
            <li key={t.by}>
              <figure className={styles.quote}>
                <blockquote className={styles.quoteText}>
                  <p className={styles.paragraph}>“{t.quote}”</p>
                </blockquote>
                <figcaption className={styles.quoteBy}>{t.by}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <CallToAction to="/products" label="Shop our products" />
      </div>
    </section>
  );
}
