import { DEFAULT_LIST_PATH, WATERMARK_LIST_PATH } from '../constants';
import { DEFAULT_MEDIA_LOCALE, mediaText, type MediaLocale, type MediaMessageKey } from '../i18n/messages';
import type { CatalogNode } from './endpoints';

/** The two roots of console-spec §7 have internal names ('noWatermark'); the user sees these. */
const ROOT_NAMES: Record<string, MediaMessageKey> = { [DEFAULT_LIST_PATH]: 'noWatermarkDirectory', [WATERMARK_LIST_PATH]: 'watermarkDirectory' };

/** The name a directory is shown by: the translated root name, else its own name. */
export function catalogDisplayName(node: Pick<CatalogNode, 'path' | 'name'>, locale: MediaLocale = DEFAULT_MEDIA_LOCALE): string {
  const key = ROOT_NAMES[node.path];
  return key ? mediaText(key, locale) : node.name;
}

function findCatalog(nodes: readonly CatalogNode[], path: string): CatalogNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const below = findCatalog(node.catalogList ?? [], path);
    if (below) return below;
  }
  return undefined;
}

/** A directory path as the user reads it, e.g. '/noWatermark/banners' → '/无水印/banners'. */
export function catalogDisplayPath(path: string, catalogs: readonly CatalogNode[] = [], locale: MediaLocale = DEFAULT_MEDIA_LOCALE): string {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return path;
  return segments
    .map((segment, index) => {
      const prefix = `/${segments.slice(0, index + 1).join('/')}`;
      return catalogDisplayName(findCatalog(catalogs, prefix) ?? { path: prefix, name: segment }, locale);
    })
    .reduce((shown, name) => `${shown}/${name}`, '');
}
