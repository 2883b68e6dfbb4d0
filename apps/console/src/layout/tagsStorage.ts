// Issue 7 §7: the tags bar survives a reload. Kept per browser tab (session storage) and checked
// on read, so a damaged value only loses the list.
import type { VisitedTag } from './tags';

export const VISITED_TAGS_KEY = 'console.visitedTags';

function isVisitedTag(value: unknown): value is VisitedTag {
  const tag = value as VisitedTag;
  return typeof value === 'object' && value !== null && typeof tag.path === 'string' && tag.path.startsWith('/') && typeof tag.titleKey === 'string' && typeof tag.affix === 'boolean' && (tag.fullPath === undefined || (typeof tag.fullPath === 'string' && tag.fullPath.startsWith(tag.path)));
}

export function readVisitedTags(): VisitedTag[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(VISITED_TAGS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isVisitedTag) : [];
  } catch (_error) {
    return [];
  }
}

export function persistVisitedTags(tags: readonly VisitedTag[]): void {
  try {
    window.sessionStorage.setItem(VISITED_TAGS_KEY, JSON.stringify(tags));
  } catch (_error) {
    // Unavailable storage only loses the list after a reload.
  }
}
