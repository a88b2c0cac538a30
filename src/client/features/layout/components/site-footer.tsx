import { Link } from '@tanstack/react-router';
import { type ComponentType, type Ref, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { container } from '@/client/components/primitives.css';
import { carryOver } from '@/client/lib/carry-over';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import type { ShopSettings } from '@/shared/types';
import {
  contactBlock,
  contactLabel,
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
import { FacebookIcon, InstagramIcon, TiktokIcon, XIcon } from './social-icons';

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

/**
 * What the footer holds (spec section 2): the shop, its contact details and the install button; the
 * quick links; the newsletter and the social links. The `<footer>` element around it is the layout's
 * (site-layout.tsx), which loads this after the page is usable (components/deferred-island.tsx).
 */
export function SiteFooterContents() {
  const settings = useShopSettings();
  const shopName = settings?.shopName || DEFAULT_SHOP_NAME;
  const quickLinksId = useId();
  const newsletterId = useId();

  return (
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
 * told), or when the shopper points at the field or moves focus into it; the form library comes with
 * it, not with the footer. The server and the first render draw the placeholder, so hydration matches;
 * once the form has arrived it takes the placeholder's place, the same fields in the same box, with
 * focus and what was typed carried over (lib/carry-over.ts).
 */
function LazyNewsletterForm() {
  const [Form, setForm] = useState<ComponentType | null>(null);
  const [wanted, setWanted] = useState(cannotWatch);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = placeholder.current;
    if (wanted || !box) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), { rootMargin: '600px 0px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [wanted]);

  useEffect(() => {
    if (!wanted || Form) return;
    let live = true;
    import('./newsletter-form').then(
      ({ NewsletterForm }) => {
        // The placeholder's section stays; the form takes the placeholder's place in it.
        const section = placeholder.current?.parentElement;
        if (!live || !section) return;
        const kept = carryOver(section);
        flushSync(() => setForm(() => NewsletterForm));
        kept.restore(section);
      },
      // Offline with no copy of the form's code: the placeholder stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, Form]);

  if (Form) return <Form />;
  return <NewsletterPlaceholder boxRef={placeholder} onWanted={() => setWanted(true)} />;
}

/** Until the newsletter form has loaded: the same fields, in the same box, doing nothing yet. */
function NewsletterPlaceholder({ boxRef, onWanted }: { boxRef: Ref<HTMLDivElement>; onWanted: () => void }) {
  const inputId = useId();
  return (
    <div ref={boxRef} className={newsletterForm}>
      <NewsletterFields inputId={inputId} input={{ onFocus: onWanted, onPointerDown: onWanted }} />
    </div>
  );
}
