import { createProduct, expect, test } from './fixtures';

/**
 * A product card's name on a small phone (360×800): whole up to three lines, so two products named
 * alike ('Whipped Shea Butter – Unscented', '… – Lemongrass', as in the demo shop) read apart, and
 * the cards of a row as tall as each other (the three lines are kept even for a short name).
 */
test.use({ viewport: { width: 360, height: 800 } });

test('look-alike names show whole on their cards, side by side, and the cards of a row keep one height', async ({ page, request }) => {
  const names = ['Whipped Shea Butter – Lemongrass', 'Whipped Shea Butter – Unscented'];
  for (const name of names) await createProduct(request, { name, category: 'Gifts and Sets' });
  // Newest first: the two just made share the first row.
  await page.goto('/gifts-and-sets?sort=newest');
  const headings = page.getByRole('main').getByRole('article').getByRole('heading');
  for (const name of names) await expect(headings.filter({ hasText: name }).first()).toBeVisible();

  const cards = await headings.evaluateAll((all) =>
    all.map((h) => {
      const card = (h.closest('li') ?? h).getBoundingClientRect();
      // Cut (an ellipsis) when the text needs more room than the heading gives it.
      return { name: h.textContent ?? '', cut: h.scrollHeight > h.clientHeight + 1, top: Math.round(card.top), height: Math.round(card.height) };
    }),
  );
  const firstRow = cards.filter((c) => c.top === cards[0]?.top);
  expect(firstRow).toHaveLength(2);
  for (const card of firstRow) expect(names).toContain(card.name);
  for (const card of cards) expect(card.cut, card.name).toBe(false);
  const rows = new Map<number, typeof cards>();
  for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
  for (const row of rows.values()) expect(new Set(row.map((c) => c.height)).size, `one height for ${row.map((c) => c.name).join(', ')}`).toBe(1);
});
