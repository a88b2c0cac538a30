import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { NotFound } from '@/client/components/not-found';
import { renderWithRouter } from './render';

it('says the page does not exist and links home', async () => {
  await renderWithRouter(<NotFound />, { path: '/nowhere' });
  expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
  expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
});
