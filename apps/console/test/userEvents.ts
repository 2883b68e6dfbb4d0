import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * The user-event instance of the console's component specs. No delay between events, and no pointer-events check:
 * that check calls jsdom's getComputedStyle on the target and every ancestor, and each call matches ~800 MUI style
 * rules: about a tenth of a whole-app spec's CPU (docs/performance.md "Test suite time"). Real clicking, where
 * pointer-events matters, is e2e's (real Chromium).
 */
export const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
