import { type RefObject, useEffect, useRef, useState } from 'react';
import { ChatIcon } from '@/client/components/icons';
import { DEFAULT_SHOP_NAME, useShopSettings, whatsappNumber } from '@/client/lib/queries/settings';
import { whatsappChatUrl } from '@/client/lib/whatsapp';
import { chatLabel, chatLink } from './chat-link.css';

/** The floating help link's label changes every 3 s across 13 phrases (spec sections 1 and 9). */
export const CHAT_PHRASES = [
  'Need help?',
  'Chat with us',
  'Ask about an order',
  'Track my order',
  'Questions? Ask us',
  'Find your routine',
  'Hair care advice',
  'Skin care tips',
  'Which oil for me?',
  'Gift ideas',
  'Delivery info',
  'Payment help',
  'We reply fast',
] as const;
const CHAT_LABEL_INTERVAL_MS = 3000;
/** Hidden end of the link's accessible name, after the visible phrase and a space. */
export const CHAT_NAME_SUFFIX = '– WhatsApp chat (opens in a new tab)';

function whatsappHref(number: string, shopName: string): string {
  const greeting = `Hello ${shopName}, I need help with my order.`;
  return whatsappChatUrl(number, greeting);
}

/**
 * Keeps the floating link off the page's content (lib/content-under.ts keepClear): it steps aside
 * while a text field is being typed in or while a control or a line of text is under it. The watcher
 * arrives in a chunk of its own after the take-over: the first screen's script does not carry it.
 */
function useKeepClear(link: RefObject<HTMLAnchorElement | null>, shown: boolean) {
  useEffect(() => {
    const element = link.current;
    // Without hit testing (jsdom) the link simply stays.
    if (!shown || !element || typeof document.elementsFromPoint !== 'function') return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../lib/content-under').then(({ keepClear }) => {
      if (!ended) stop = keepClear(element);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [link, shown]);
}

/**
 * The floating WhatsApp help link, with the shop's number and a preset greeting. Its accessible name
 * starts with the phrase on screen and ends with a hidden '– WhatsApp chat (opens in a new tab)', so
 * speech-input users can say what they see (WCAG 2.5.3 Label in Name; a fixed aria-label failed
 * Lighthouse's label-content-name-mismatch). The name is not a live region, so screen readers are not
 * told of each change, and the rotation pauses while the link is hovered or focused, so a focused
 * link keeps its name. On phones it is its icon alone (the phrase stays its name), and on every
 * screen it steps aside while it would cover the page (useKeepClear). Hidden when the shop has no number.
 */
export function ChatLink() {
  const settings = useShopSettings();
  const number = whatsappNumber(settings);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  useKeepClear(link, number !== null);

  useEffect(() => {
    if (!number || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % CHAT_PHRASES.length), CHAT_LABEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [number, paused]);

  if (!number) return null;
  // A landmark of its own: it floats over every page, outside the banner, main and footer.
  return (
    <aside aria-label="Help">
      <a
        ref={link}
        className={chatLink}
        href={whatsappHref(number, settings?.shopName || DEFAULT_SHOP_NAME)}
        target="_blank"
        rel="noopener noreferrer"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <ChatIcon />
        {/* The key restarts the fade for each phrase. */}
        <span key={index} className={chatLabel} data-testid="chat-label">
          {CHAT_PHRASES[index]}
        </span>{' '}
        <span className="visually-hidden">{CHAT_NAME_SUFFIX}</span>
      </a>
    </aside>
  );
}
