// How the message page fits a laptop window (issue 35 §2). The frame keeps console-spec §2's 750 px, and with
// §9's navbar (70 px) and tags bar (46 px) above it and the page's padding, a window under ~900 px high (1366×768
// among them) cannot show the shell's bars and the whole frame together. There, on the message page:
// - the shell's bars scroll away with the page instead of staying on top of it (AppShell reads
//   SHORT_WINDOW_MEDIA), so they never cover the frame's top;
// - the page opens scrolled so the whole frame, its composer at the bottom included, is in the window
//   (frameScrollDelta), with nothing of the console above the frame but the bars: the page's heading is
//   for screen readers only, since the tab, the breadcrumb and the frame's own title already name the page.
import { NAVBAR_HEIGHT, TAGS_BAR_HEIGHT } from '../../layout/layoutConstants';
import { FRAME_HEIGHT_PX } from './frameProtocol';

/** The page area's padding above and below the frame (the shell's main, MUI spacing 2). */
const PAGE_PADDING_PX = 16;
/** The least window height that shows the bars and the whole frame at once. */
export const MESSAGE_PAGE_FULL_HEIGHT = NAVBAR_HEIGHT + TAGS_BAR_HEIGHT + FRAME_HEIGHT_PX + 2 * PAGE_PADDING_PX;
/** A window too short for the bars and the frame together. */
export const SHORT_WINDOW_MEDIA = `@media (max-height: ${MESSAGE_PAGE_FULL_HEIGHT - 0.02}px)`;

/**
 * How far down to scroll the window so the frame's bottom (the composer) is in it: 0 when it already is. The
 * frame's top stays in view too whenever the window is at least as high as the frame.
 */
export function frameScrollDelta(frame: { bottom: number }, windowHeight: number): number {
  return frame.bottom > windowHeight ? Math.ceil(frame.bottom - windowHeight) : 0;
}

/** Keeps the heading for screen readers without taking a line above the frame. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: in MUI's sx a number up to 1 is a fraction (1 = 100 %), which made the heading as wide as the
  // page and pushed a 390 px phone's document 8 px sideways (issue 35 §10).
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
