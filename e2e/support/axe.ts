import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The two screens every page and overlay is checked on: a desk and a phone 375 px wide. */
export const SCREENS = [
  { name: 'desktop', context: { viewport: { width: 1280, height: 800 } } },
  { name: '375 px', context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
];

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it stands, each with where it is.
 * axe leaves its label-in-name rule (WCAG 2.5.3) out as experimental; it is asked for here.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`,
      ),
    );
}

/**
 * Waits until `overlay` is shown and its opening motion has ended: colours read halfway through
 * antd's fade or zoom are not the ones a person reads.
 */
export async function settledOverlay(page: Page, overlay: Locator): Promise<void> {
  await expect(overlay).toBeVisible();
  // antd marks an element playing its motion with classes (ant-slide-up-appear, ant-zoom-enter-active),
  // which may start a frame after the element shows; then the motion itself runs to its end.
  await expect(page.locator('[class*="-appear"], [class*="-enter"]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
