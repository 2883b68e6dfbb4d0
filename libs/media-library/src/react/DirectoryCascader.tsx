import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { catalogDisplayPath, flattenCatalogs } from '../upload/catalog-names';
import type { CatalogNode } from '../upload/endpoints';
import { useMediaText } from './use-media-text';

export interface DirectorySelectProps {
  catalogs: readonly CatalogNode[];
  /** The directory used when nothing is chosen (the dialog's target directory). */
  rootPath: string;
  value: string;
  onChange(path: string): void;
  disabled?: boolean;
}

/**
 * The upload dialog's target line: one select labelled 'upload to directory' listing the whole tree
 * (sub-directories indented) by the names the directory tree shows ('无水印', not 'noWatermark').
 */
export function DirectorySelect({ catalogs, rootPath, value, onChange, disabled }: DirectorySelectProps) {
  const { t, locale } = useMediaText();
  const entries = flattenCatalogs(catalogs, locale);
  const chosen = value || rootPath;
  // A target outside the loaded tree (not loaded yet, or just created) is still offered, by its display path.
  const options = entries.some((entry) => entry.path === chosen)
    ? entries
    : [{ path: chosen, label: catalogDisplayPath(chosen, catalogs, locale), displayPath: catalogDisplayPath(chosen, catalogs, locale), depth: 0 }, ...entries];
  const displayOf = (path: string) => options.find((entry) => entry.path === path)?.displayPath ?? catalogDisplayPath(path, catalogs, locale);
  return (
    <TextField
      select
      size="small"
      label={t('uploadTargetDirectory')}
      value={chosen}
      disabled={disabled}
      sx={{ minWidth: 240 }}
      data-testid="media-directory-select"
      slotProps={{ select: { renderValue: (selected) => displayOf(String(selected)) } }}
      onChange={(event) => onChange(event.target.value || rootPath)}
    >
      {options.map((entry) => (
        <MenuItem key={entry.path} value={entry.path} sx={{ pl: 2 + entry.depth * 2 }}>
          {entry.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** @deprecated The chained cascader showed internal names and numbered labels; it is now DirectorySelect. */
export const DirectoryCascader = DirectorySelect;
export type DirectoryCascaderProps = DirectorySelectProps;
