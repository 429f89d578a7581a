// Axe as every browser test runs it: WCAG 2.x A/AA and axe's best practices, zero violations
// expected. One way, so the rules checked are the same on every page that is checked.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The page's violations, each its rule, its help and the first elements it was found on. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe once in the page (same-origin frames included). The default runs it in
  // each frame and then finishes in a blank page it opens and closes for every check, which only
  // cross-origin frames need: the app has none.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join('\n')}`,
  );
}
