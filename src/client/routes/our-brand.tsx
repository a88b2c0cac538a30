import { createFileRoute } from '@tanstack/react-router';
import { OurBrandPage } from '../features/pages/our-brand-page';

export const Route = createFileRoute('/our-brand')({
  component: OurBrandPage,
});
