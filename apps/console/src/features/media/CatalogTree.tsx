// The directory tree of the media library (queryCatalogListByPath), as a nested list of buttons.
import { useTranslation } from 'react-i18next';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { catalogDisplayName, type CatalogNode } from '@merchant/media-library';
import { useUiKitLocale } from '@merchant/ui-kit';

export function CatalogTree({ catalogs, selected, onSelect }: { catalogs: readonly CatalogNode[]; selected: string; onSelect(path: string): void }) {
  const { t } = useTranslation();
  // The library's display names: the upload dialog and the table's paths show the same ones.
  const locale = useUiKitLocale();
  const rows = (nodes: readonly CatalogNode[], depth: number): React.ReactNode[] =>
    nodes.flatMap((node) => [
      <ListItemButton
        key={node.path}
        selected={node.path === selected}
        aria-current={node.path === selected ? 'page' : undefined}
        onClick={() => onSelect(node.path)}
        sx={{ pl: 1 + depth * 2, py: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>
          <FolderIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={catalogDisplayName(node, locale)} />
      </ListItemButton>,
      ...rows(node.catalogList ?? [], depth + 1),
    ]);
  return (
    <List dense aria-label={t('media.directories')} data-testid="media-catalog-tree">
      {rows(catalogs, 0)}
    </List>
  );
}
