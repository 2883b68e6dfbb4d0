// The 'views' menu of a list: apply or delete a saved view, or save the current filters and
// visible columns under a name. Views live on the server, per user and per list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { ColumnVisibility, TableFilters } from '@merchant/ui-kit';
import { useAppDispatch } from '../app/hooks';
import { notify } from '../app/notificationsSlice';
import { filtersOf, visibilityOf, visibleColumns } from './savedViews';
import { useDeleteSavedViewMutation, useSaveViewMutation, useSavedViewsQuery } from './savedViewsApi';

export interface SavedViewsMenuProps {
  resourceKey: string;
  columnKeys: readonly string[];
  filters: TableFilters;
  visibility: ColumnVisibility;
  onApply(view: { filters: TableFilters; columns: ColumnVisibility }): void;
}

export function SavedViewsMenu({ resourceKey, columnKeys, filters, visibility, onApply }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const views = useSavedViewsQuery({ resource: resourceKey }).data?.list ?? [];
  const [saveView, saving] = useSaveViewMutation();
  const [deleteView] = useDeleteSavedViewMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const success = (message: string) => dispatch(notify({ severity: 'success', message }));

  const save = async () => {
    if (!name.trim()) return setNameError(true);
    try {
      await saveView({ resource: resourceKey, name: name.trim(), filters: writableFilters(filters), columns: visibleColumns(columnKeys, visibility) }).unwrap();
      success(t('resourceKit.views.saved'));
      setNaming(false);
      setName('');
    } catch {
      // the server msg was shown by the baseQuery (§8); the dialog stays open to correct the name
    }
  };

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ViewListIcon />} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} data-testid="saved-views">
        {t('resourceKit.views.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('resourceKit.views.none')}</ListItemText>
          </MenuItem>
        )}
        {views.map((view) => (
          <MenuItem
            key={view.viewId}
            aria-label={t('resourceKit.views.apply', { name: view.name })}
            onClick={() => {
              setAnchor(null);
              onApply({ filters: filtersOf(view.filters), columns: visibilityOf(columnKeys, view.columns) });
              success(t('resourceKit.views.applied', { name: view.name }));
            }}
          >
            <ListItemText>{view.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={t('resourceKit.views.delete', { name: view.name })}
              onClick={(event) => {
                event.stopPropagation();
                void deleteView({ viewId: view.viewId })
                  .unwrap()
                  .then(() => success(t('resourceKit.views.deleted')))
                  .catch(() => undefined);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          {t('resourceKit.views.save')}
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} aria-labelledby="saved-view-title" fullWidth maxWidth="xs">
        <DialogTitle id="saved-view-title">{t('resourceKit.views.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {t('resourceKit.views.hint')}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label={t('resourceKit.views.name')}
            value={name}
            error={nameError}
            helperText={nameError ? t('resourceKit.views.nameRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'saved-view-name' } }}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNaming(false)}>{t('resourceKit.cancel')}</Button>
          <Button variant="contained" loading={saving.isLoading} onClick={() => void save()} data-testid="saved-view-save">
            {t('resourceKit.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The table's read-only filters as the save call's plain record. */
function writableFilters(filters: TableFilters): Record<string, string | number | boolean | (string | number)[]> {
  return Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, typeof value === 'object' ? [...value] : value]));
}
