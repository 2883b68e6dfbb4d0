// The one accessibility audit of the e2e suite: axe's serious and critical violations on a settled page.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The chat frame, for audits of the chat alone. */
export const IM_FRAME = 'iframe[data-testid="im-frame"]';

export interface AuditOptions {
  /** Audit only this part of the page (a CSS selector), such as IM_FRAME. */
  include?: string;
  /** Only rules with these axe tags (WCAG levels); all rules when absent. */
  tags?: string[];
}

/**
 * Waits for every finite animation and transition of the page and its frames to end, so colours are read as they
 * settle: a tab chip mid-way through its colour transition (white on a half-faded fill, 4.42:1) failed contrast in a
 * fresh-clone run. Endless ones (a spinner) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await Promise.all(
    page.frames().map((frame) =>
      frame
        .evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
        )
        // A frame that navigates away meanwhile has nothing left to settle.
        .catch(() => undefined),
    ),
  );
}

/** axe's serious and critical violations on the settled page, each as "rule: targets" (an empty list passes). */
export async function seriousViolations(page: Page, options: AuditOptions = {}): Promise<string[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  if (options.tags) builder = builder.withTags(options.tags);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`);
}
