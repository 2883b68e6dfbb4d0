// Rules of the visited-views tags bar (console-spec §2): affixed tags can never be closed.

export interface VisitedTag {
  path: string;
  /** i18n key of the route title. */
  titleKey: string;
  affix: boolean;
}

export function addVisitedTag(tags: readonly VisitedTag[], tag: VisitedTag): VisitedTag[] {
  return tags.some((item) => item.path === tag.path) ? [...tags] : [...tags, tag];
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
  return remaining.at(-1)?.path ?? fallbackPath;
}
