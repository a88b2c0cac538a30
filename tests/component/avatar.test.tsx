import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarColour, initialsOf } from '@/client/components/avatar';
import { expectEach } from '../helpers/expect-each';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, upper case', () => {
    expectEach(initialsOf, [
      ['Ama Serwaa Owusu', 'AO'],
      ['kofi boateng', 'KB'],
      ['  Efua   ', 'E'],
      ['Ékua Ásante', 'ÉÁ'],
      ['   ', '?'],
    ]);
  });
});

describe('avatarColour', () => {
  it('is the same for the same name (any case or spacing) and differs between names', () => {
    expect(avatarColour('Ama Owusu')).toBe(avatarColour(' ama owusu '));
    expect(avatarColour('Ama Owusu')).not.toBe(avatarColour('Kofi Boateng'));
    expect(avatarColour('Ama Owusu')).toMatch(/^hsl\(\d{1,3} 45% 30%\)$/);
  });
});

describe('Avatar', () => {
  it('shows the initials on the name’s colour when there is no photo, named when alone', () => {
    render(<Avatar name="Akosua Mensah" src={null} />);
    const alone = screen.getByRole('img', { name: 'Akosua Mensah' });
    expect(alone).toHaveAttribute('data-initials', 'AM');
    expect(alone).toHaveTextContent(''); // shown by CSS, not part of the text around it
    expect(alone.style.background).not.toBe('');
  });

  it('hides decorative initials beside the name from screen readers', () => {
    render(
      <p>
        <Avatar name="Akosua Mensah" decorative />
        Akosua Mensah
      </p>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('avatar-initials')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('avatar-initials')).toHaveAttribute('data-initials', 'AM');
    expect(screen.getByText('Akosua Mensah').textContent).toBe('Akosua Mensah');
  });

  it('shows the photo: alt text the name when alone, empty beside the name', () => {
    const { container, unmount } = render(<Avatar name="Kofi Boateng" src="/uploads/abc-320.webp" size={56} />);
    const photo = screen.getByRole('img', { name: 'Kofi Boateng' });
    expect(photo).toHaveAttribute('src', '/uploads/abc-320.webp');
    expect(photo).toHaveAttribute('width', '56');
    expect(container.querySelector('[data-testid="avatar-initials"]')).toBeNull();
    unmount();
    const beside = render(<Avatar name="Kofi Boateng" src="/uploads/abc-320.webp" decorative />);
    expect(beside.container.querySelector('img')).toHaveAttribute('alt', '');
  });
});
