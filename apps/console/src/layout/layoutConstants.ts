// Shell measures and limits from console-spec §9.
export const SIDEBAR_WIDTH = 240;
/** Icon rail width when the desktop sidebar is collapsed (our design; §9 gives only the open width). */
export const SIDEBAR_COLLAPSED_WIDTH = 64;
/** The sidebar's own background, in both themes; its sticky group headings are painted with it too. */
export const SIDEBAR_BACKGROUND = '#304156';
export const NAVBAR_HEIGHT = 70;
export const TAGS_BAR_HEIGHT = 46;
/** Below this width the layout is mobile and the sidebar closes on route change. */
export const MOBILE_BREAKPOINT = 992;
export const MOBILE_MEDIA_QUERY = `(max-width:${MOBILE_BREAKPOINT - 0.02}px)`;
export const BADGE_MAX = 99;
