// Issue 34 §4, hostile input: the one list of strings the sweeps type into every text field of the console and
// of the chat frame, and the checks that nothing they carry ran. Each markup string, if it ever ran, would assign
// the page's sentinel `__p`; an init script (in every frame of the page) counts those assignments, and a dialog
// (alert, confirm) fails the test too.
import { expect, type Page } from '@playwright/test';

export interface HostileString {
  /** Names the string in a test's messages. */
  label: string;
  text: string;
}

/** Fits the shortest name limits (20 code points) where it can, so most strings get stored and shown, not refused. */
export const HOSTILE_STRINGS: readonly HostileString[] = [
  { label: 'script tag', text: '<script>__p=1</script>' },
  { label: 'image with onerror', text: '<img src=x onerror=__p=1>' },
  { label: 'svg breaking out of a tag', text: '"><svg onload=__p=1>' },
  { label: 'attribute breakout', text: '" onmouseover="__p=1' },
  { label: 'javascript: URL', text: 'javascript:__p=1' },
  { label: 'RTL override', text: 'inv\u202Egnp.exe' },
  { label: 'emoji with ZWJ sequences', text: '👩‍👩‍👧‍👦🏳️‍🌈 家 😀' },
  { label: 'SQL fragment', text: "'; DROP TABLE goods; --" },
  { label: 'NUL and percent-encoded NUL', text: 'a\u0000b%00c' },
  { label: '10,000 characters', text: 'A'.repeat(10_000) },
];

/** The one string no text field of the product takes: its field refuses it with the rule's error. */
export const TOO_LONG = HOSTILE_STRINGS[HOSTILE_STRINGS.length - 1];

declare global {
  interface Window {
    __pwnedHits?: string[];
  }
}

/** Counts every assignment to `__p` in every frame of the page, and fails on any dialog (alert, confirm, prompt). */
export async function guardAgainstExecution(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  await page.addInitScript(() => {
    const hits: string[] = [];
    Object.defineProperty(window, '__pwnedHits', { value: hits, writable: false, configurable: false });
    Object.defineProperty(window, '__p', {
      configurable: false,
      get: () => undefined,
      set: (value: unknown) => void hits.push(`${String(value)} at ${location.href}`),
    });
  });
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { dialogs };
}

/** Nothing the strings carry ran in any frame of the page, and no element they describe made it into a document. */
export async function expectNothingExecuted(page: Page, guard: { dialogs: string[] }) {
  for (const frame of page.frames()) {
    const found = await frame
      .evaluate(() => ({
        hits: window.__pwnedHits ?? [],
        injected: document.querySelectorAll('img[src="x"], [onerror], [onload], [onmouseover], a[href^="javascript:" i]').length,
      }))
      .catch(() => ({ hits: [] as string[], injected: 0 })); // a frame navigating away has no document to read
    expect(found.hits, `script ran in ${frame.url()}`).toEqual([]);
    expect(found.injected, `markup injected into ${frame.url()}`).toBe(0);
  }
  expect(guard.dialogs, 'a dialog opened').toEqual([]);
}

/** The page does not scroll sideways: long or odd text wrapped or ellipsised inside its cell. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}
