// Rules of the visited-views tags bar (console-spec §2): affixed tags can never be closed.
//
// A tag is one screen, keyed by its path (pathname, route params included, so two order details
// are two tags). Its query is not part of the key: list filters and paging live in the URL, and a
// merchant paging through a table stays on one tag and one kept-alive view. The tag remembers the
// last full address (path + query), so going back to it restores the filters.

export interface VisitedTag {
  /** The key: the screen's pathname. */
  path: string;
  /** The last address shown under this tag, query included; where a click on the tag goes. */
  fullPath?: string;
  /** i18n key of the route title. */
  titleKey: string;
  affix: boolean;
}

/** Where a click on the tag goes. */
export function tagTarget(tag: VisitedTag): string {
  return tag.fullPath ?? tag.path;
}

/** Adds a screen once; a later visit with another query only updates the remembered address. */
export function addVisitedTag(tags: readonly VisitedTag[], tag: VisitedTag): VisitedTag[] {
  const existing = tags.find((item) => item.path === tag.path);
  if (!existing) return [...tags, tag];
  if (tag.fullPath === undefined || existing.fullPath === tag.fullPath) return [...tags];
  return tags.map((item) => (item === existing ? { ...item, fullPath: tag.fullPath } : item));
}

/** Affixed tags always lead the bar, in manifest order, without duplicates. */
export function registerAffixTags(tags: readonly VisitedTag[], affixTags: readonly VisitedTag[]): VisitedTag[] {
  const affixPaths = new Set(affixTags.map((tag) => tag.path));
  return [...affixTags, ...tags.filter((tag) => !affixPaths.has(tag.path))];
}

export function closeTag(tags: readonly VisitedTag[], path: string): VisitedTag[] {
  return tags.filter((tag) => tag.affix || tag.path !== path);
}

export function closeOtherTags(tags: readonly VisitedTag[], keepPath: string): VisitedTag[] {
  return tags.filter((tag) => tag.affix || tag.path === keepPath);
}

export function closeAllTags(tags: readonly VisitedTag[]): VisitedTag[] {
  return tags.filter((tag) => tag.affix);
}

/**
 * Where to go after closing tags: nowhere while the active view is still open, otherwise the
 * last remaining tag (the affixed dashboard at worst).
 */
export function pathAfterClosing(remaining: readonly VisitedTag[], activePath: string, fallbackPath: string): string | null {
  if (remaining.some((tag) => tag.path === activePath)) return null;
  const last = remaining.at(-1);
  return last ? tagTarget(last) : fallbackPath;
}
