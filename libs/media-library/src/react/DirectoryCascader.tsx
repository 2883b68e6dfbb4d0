import { Cascader, type CascaderOption } from '@merchant/ui-kit';
import { catalogDisplayName } from '../upload/catalog-names';
import type { CatalogNode } from '../upload/endpoints';
import type { MediaLocale } from '../i18n/messages';
import { useMediaText } from './use-media-text';

export interface DirectoryCascaderProps {
  catalogs: readonly CatalogNode[];
  /** The directory used when nothing is chosen ('root directory'). */
  rootPath: string;
  value: string;
  onChange(path: string): void;
  disabled?: boolean;
}

/** Options by the names the directory tree shows ('无水印' / 'No watermark', never 'noWatermark'). */
const toOptions = (nodes: readonly CatalogNode[], locale: MediaLocale): CascaderOption[] =>
  nodes.map((node) => ({ value: node.path, label: catalogDisplayName(node, locale), children: node.catalogList?.length ? toOptions(node.catalogList, locale) : undefined }));

/** The chain of directories from the top down to `path`. */
function chainOf(nodes: readonly CatalogNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.path === path) return [node.path];
    const below = chainOf(node.catalogList ?? [], path);
    if (below.length) return [node.path, ...below];
  }
  return [];
}

/**
 * console-spec §2 target line: a directory cascader, labelled 'root directory' while nothing is chosen;
 * the levels below it are labelled 'sub-directory' (not 'root directory 2').
 */
export function DirectoryCascader({ catalogs, rootPath, value, onChange, disabled }: DirectoryCascaderProps) {
  const { t, locale } = useMediaText();
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }} data-testid="media-directory-cascader">
      <Cascader
        label={t('rootDirectory')}
        levelLabel={() => t('subDirectory')}
        size="small"
        options={toOptions(catalogs, locale)}
        value={chainOf(catalogs, value)}
        onChange={(chain) => onChange(chain.at(-1) ?? rootPath)}
      />
    </fieldset>
  );
}
