import * as css from './avatar.css';

/** The first letters of the first and last names, upper case ('Ama Serwaa Owusu' → 'AO'; one name → one letter). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((w): w is string => Boolean(w))
    .map((w) => Array.from(w)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

/**
 * A colour from the name (the same name always gets the same one): a hue from the name's characters,
 * dark enough that the white initials keep a 4.5:1 contrast at every hue.
 */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return `hsl(${hash} 45% 30%)`;
}

interface AvatarProps {
  name: string;
  /** The photo's URL; initials when null or absent. */
  src?: string | null;
  /** Width and height in CSS pixels. */
  size?: number;
  /** Beside the name (so the name is said once): empty alt text, the initials hidden from screen readers. */
  decorative?: boolean;
  className?: string;
}

/** A customer's photo, or their initials on a colour derived from their name. */
export function Avatar({ name, src, size = 40, decorative = false, className }: AvatarProps) {
  const classes = [css.avatar, decorative && css.besideName, className].filter(Boolean).join(' ');
  if (src) {
    return <img className={classes} src={src} alt={decorative ? '' : name} width={size} height={size} loading="lazy" decoding="async" />;
  }
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4), background: avatarColour(name) };
  const initials = { className: `${classes} ${css.initials}`, style, 'data-initials': initialsOf(name), 'data-testid': 'avatar-initials' };
  return decorative ? <span {...initials} aria-hidden="true" /> : <span {...initials} role="img" aria-label={name} />;
}
