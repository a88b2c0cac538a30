import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FacebookIcon, InstagramIcon, TiktokIcon, XIcon } from '@/client/components/icons';
import { container } from '@/client/components/primitives.css';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import { MESSAGES } from '@/shared/messages';
import type { ShopSettings } from '@/shared/types';
import { subscribe } from '../api';
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
  newsletterInput,
  socialLink,
  socialList,
  subscribeButton,
} from './footer.css';
import { InstallApp } from './install-app';
import { footerButton } from './install-app.css';

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
            <NewsletterForm />
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

/** Newsletter sign-up (`POST /api/subscribe`): the server's answer is shown as a toast. */
function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      toast.success(await subscribe(value));
      setEmail('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.subscribeFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={newsletterForm} onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={inputId} className="visually-hidden">
        Email address for the newsletter
      </label>
      <input
        id={inputId}
        className={newsletterInput}
        type="email"
        name="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="Your email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className={subscribeButton} disabled={busy}>
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}
