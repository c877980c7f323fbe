import { expect, type Locator } from '@playwright/test';

/**
 * Taps a star of a rating (`within` holds the 'Your rating' group), as a person does: the star, which is
 * the radio's label, not the visually hidden radio; so the tap waits until nothing (the sticky navbar, a
 * notice) is over it.
 */
export async function tapStar(within: Locator, stars: string) {
  const radio = within.getByRole('radio', { name: stars });
  await within
    .locator('label')
    .filter({ has: within.page().getByRole('radio', { name: stars }) })
    .click();
  await expect(radio).toBeChecked();
}
