import { Link } from '@tanstack/react-router';
import { lazy, type Ref, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FacebookIcon, InstagramIcon, TiktokIcon, XIcon } from '@/client/components/icons';
import { container } from '@/client/components/primitives.css';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import type { ShopSettings } from '@/shared/types';
import {
  contactBlock,
  contactLabel,
  footer,
  footerBottom,
  footerGrid,
  footerHeading,
  footerLink,
  footerList,
  footerText,
  newsletterForm,
  socialLink,
  socialList,
} from './footer.css';
import { InstallApp } from './install-app';
import { footerButton } from './install-app.css';
import { NewsletterFields } from './newsletter-fields';

// The form library comes with the newsletter form, after the first paint: not in the start-up code.
const NewsletterForm = lazy(() => import('./newsletter-form').then((m) => ({ default: m.NewsletterForm })));

const QUICK_LINKS = [
  { to: '/' as const, label: 'Home' },
  { to: '/products' as const, label: 'Products' },
  { to: '/our-brand' as const, label: 'Our Brand' },
  { to: '/contact' as const, label: 'Contact' },
];

const SOCIALS = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'tiktok', label: 'TikTok', Icon: TiktokIcon },
  { key: 'x', label: 'X', Icon: XIcon },
] as const;

export function SiteFooter() {
  const settings = useShopSettings();
  const shopName = settings?.shopName || DEFAULT_SHOP_NAME;
  const quickLinksId = useId();
  const newsletterId = useId();

  return (
    <footer className={footer}>
      <div className={container}>
        <div className={footerGrid}>
          <section aria-label={`About ${shopName}`}>
            <h2 className={footerHeading}>{shopName}</h2>
            <p className={footerText}>Natural skincare, haircare and oils from Ghana, since 2019.</p>
            {settings && <ContactDetails settings={settings} />}
            <InstallApp className={footerButton} />
          </section>
          <nav aria-labelledby={quickLinksId}>
            <h2 id={quickLinksId} className={footerHeading}>
              Quick Links
            </h2>
            <ul className={footerList}>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink} activeOptions={{ exact: true }}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby={newsletterId}>
            <h2 id={newsletterId} className={footerHeading}>
              Newsletter
            </h2>
            <p className={footerText}>New arrivals, tips and offers, now and then. No spam.</p>
            <LazyNewsletterForm />
            {settings && <SocialLinks settings={settings} shopName={shopName} />}
          </section>
        </div>
        <p className={footerBottom}>
          © {new Date().getFullYear()} {shopName}. Prices in Ghana cedis (₵).
        </p>
      </div>
    </footer>
  );
}

function ContactDetails({ settings }: { settings: ShopSettings }) {
  const whatsapp = whatsappNumber(settings);
  if (!settings.address && !settings.phone && !settings.email && !whatsapp) return null;
  return (
    <address className={contactBlock}>
      <ul className={footerList}>
        {settings.address && (
          <li className={footerText}>
            <span className={contactLabel}>Address:</span>
            {settings.address}
          </li>
        )}
        {settings.phone && (
          <li>
            <span className={contactLabel}>Phone:</span>
            <a className={footerLink} href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>
              {settings.phone}
            </a>
          </li>
        )}
        {whatsapp && (
          <li>
            <span className={contactLabel}>WhatsApp:</span>
            <a className={footerLink} href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer">
              +{whatsapp}
            </a>
          </li>
        )}
        {settings.email && (
          <li>
            <span className={contactLabel}>Email:</span>
            <a className={footerLink} href={`mailto:${settings.email}`}>
              {settings.email}
            </a>
          </li>
        )}
      </ul>
    </address>
  );
}

function SocialLinks({ settings, shopName }: { settings: ShopSettings; shopName: string }) {
  const links = SOCIALS.filter((s) => settings.socials?.[s.key]);
  if (links.length === 0) return null;
  return (
    <ul className={socialList} aria-label="Follow us">
      {links.map(({ key, label, Icon }) => (
        <li key={key}>
          <a className={socialLink} href={settings.socials[key]} target="_blank" rel="noopener noreferrer" aria-label={`${shopName} on ${label}`}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A browser that cannot tell when the footer nears the screen gets the form at once (the server never). */
const cannotWatch = () => typeof window !== 'undefined' && typeof IntersectionObserver !== 'function';

/**
 * The newsletter form, fetched once the footer nears the screen (or at once where that cannot be
 * told). The server and the first render draw the placeholder, so hydration matches and nothing
 * moves when the form takes its place.
 */
function LazyNewsletterForm() {
  const [wanted, setWanted] = useState(cannotWatch);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = placeholder.current;
    if (wanted || !box) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), { rootMargin: '600px 0px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [wanted]);

  if (!wanted) return <NewsletterPlaceholder boxRef={placeholder} onFocus={() => setWanted(true)} />;
  return (
    <Suspense fallback={<NewsletterPlaceholder />}>
      <NewsletterForm />
    </Suspense>
  );
}

/** Until the newsletter form has loaded: the same fields, in the same box, doing nothing yet. */
function NewsletterPlaceholder({ boxRef, onFocus }: { boxRef?: Ref<HTMLDivElement>; onFocus?: () => void }) {
  const inputId = useId();
  return (
    <div ref={boxRef} className={newsletterForm}>
      <NewsletterFields inputId={inputId} input={{ onFocus }} />
    </div>
  );
}
