import { Cascader, type CascaderOption } from '@merchant/ui-kit';
import type { CatalogNode } from '../upload/endpoints';
import { useMediaText } from './use-media-text';

export interface DirectoryCascaderProps {
  catalogs: readonly CatalogNode[];
  /** The directory used when nothing is chosen ('root directory'). */
  rootPath: string;
  value: string;
  onChange(path: string): void;
  disabled?: boolean;
}

const toOptions = (nodes: readonly CatalogNode[]): CascaderOption[] =>
  nodes.map((node) => ({ value: node.path, label: node.name, children: node.catalogList?.length ? toOptions(node.catalogList) : undefined }));

/** The chain of directories from the top down to `path`. */
function chainOf(nodes: readonly CatalogNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.path === path) return [node.path];
    const below = chainOf(node.catalogList ?? [], path);
    if (below.length) return [node.path, ...below];
  }
  return [];
}

/** console-spec §2 target line: a directory cascader, labelled 'root directory' while nothing is chosen. */
export function DirectoryCascader({ catalogs, rootPath, value, onChange, disabled }: DirectoryCascaderProps) {
  const { t } = useMediaText();
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <Cascader
        label={t('rootDirectory')}
        size="small"
        options={toOptions(catalogs)}
        value={chainOf(catalogs, value)}
        onChange={(chain) => onChange(chain.at(-1) ?? rootPath)}
      />
    </fieldset>
  );
}
