// The generated list screen of a resource: status tabs, the search bar, toolbar buttons, the
// Excel export of the filtered list, the table with row and bulk actions (permission codes,
// confirmation of destructive ones). Page, size, sort, filters and the tab live in the URL under
// the resource key, so a reload, a shared link and the back button show the same rows.
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  ActionButtons,
  ConfirmDialog,
  DataTable,
  PermissionButton,
  SearchBar,
  exportToExcel,
  useDataTable,
  usePersistedColumnVisibility,
  type BulkAction,
  type DataTableColumn,
  type RowAction,
  type TableFilters,
} from '@merchant/ui-kit';
import { useAppDispatch } from '../app/hooks';
import { notify } from '../app/notificationsSlice';
import { useExportJob } from './exportAsync';
import { ExportJobPanel } from './exportJobPanel';
import { ExportTooLargeError, MAX_EXPORT_ROWS, fetchFilteredRows, serverExportRequest } from './exportList';
import { SavedViewsMenu } from './SavedViewsMenu';
import { StatusChip } from './StatusChip';
import { cellText, labelText, textContext } from './text';
import { columnWidth, rowActionsWidth } from './columnWidth';
import { listArg } from './listArg';
import { withSearchRanges } from './searchRanges';
import type { ResourceActionBase, ResourceListResource, ResourceRowAction } from './types';
import { useResourceActions } from './useResourceActions';

export interface ResourceListPageProps<Row, Arg> {
  resource: ResourceListResource<Row, Arg>;
  /** Offer saved views (named filter + column set, kept per user on the server). */
  savedViews?: boolean;
  /** Content above the table (a summary, a hint). */
  header?: ReactNode;
}

interface PendingConfirm {
  action: ResourceActionBase;
  run: () => unknown;
  content?: string;
}

export function ResourceListPage<Row extends object, Arg>({ resource, savedViews, header }: ResourceListPageProps<Row, Arg>) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const { list } = resource;
  const toArg = useMemo(() => list.toArg ?? listArg<Arg>(), [list]);
  const table = useDataTable<Row, Arg>({ id: resource.key, endpoint: list.endpoint, toArg });
  const [storedVisibility, setVisibility] = usePersistedColumnVisibility(resource.key);
  // Columns hidden by default stay hidden until the merchant's own choice (or a saved view) says otherwise.
  const visibility = useMemo(
    () => ({ ...Object.fromEntries(list.columns.filter((column) => column.hidden).map((column) => [column.key, false])), ...storedVisibility }),
    [list, storedVisibility],
  );
  const actions = useResourceActions();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [exporting, setExporting] = useState(false);
  const serverExport = useExportJob({ dispatch: dispatch as never });

  const ask = (action: ResourceActionBase, run: () => unknown, content?: string) => {
    if (action.confirm || action.destructive) setPending({ action, run, content });
    else void Promise.resolve(run()).catch(() => undefined);
  };
  const runRow = (action: ResourceRowAction<Row>, row: Row) => {
    if (action.to) return actions.context.navigate(action.to(row));
    if (action.run) ask(action, () => action.run!(row, actions.context));
  };

  const schema = useMemo(() => {
    const search = list.search?.(t, context);
    return search && withSearchRanges(search, list.searchRanges, i18n);
  }, [list, t, i18n, context]);
  const tabField = list.tabs?.field;
  const tabValue = tabField !== undefined && table.filters[tabField] !== undefined ? String(table.filters[tabField]) : '';
  /** `filters` with the tab filter set to `tab` (or none). */
  const withTab = (filters: TableFilters, tab: TableFilters[string] | undefined): TableFilters => {
    if (tabField === undefined) return filters;
    const next: Record<string, TableFilters[string]> = { ...filters };
    delete next[tabField];
    if (tab !== undefined) next[tabField] = tab;
    return next;
  };

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const drawn: DataTableColumn<Row>[] = list.columns.map((column) => ({
      key: column.key,
      title: t(column.titleKey),
      width: columnWidth(column.width, t(column.titleKey), table.sort?.field === column.key),
      flex: column.flex,
      align: column.align,
      sortable: column.sortable,
      hideable: column.hideable,
      format: column.render || column.status ? undefined : (row: Row) => cellText(row, column, context),
      render: column.render
        ? (row: Row) => column.render!(row, context)
        : column.status
          ? (row: Row) => <StatusChip status={column.status!} value={(row as Record<string, unknown>)[column.key]} context={context} />
          : undefined,
    }));
    const rowActions = [...(list.rowActions ?? [])];
    if (resource.detailPath && !rowActions.some((action) => action.key === 'detail')) {
      rowActions.unshift({ key: 'detail', labelKey: 'resourceKit.detail', to: (row) => `${resource.detailPath}?id=${encodeURIComponent(String(resource.rowId(row)))}` });
    }
    if (rowActions.length === 0) return drawn;
    // Wide enough for the labels the rows really show (an action's `when` hides it in some), as ActionButtons lays them out.
    const width = rowActionsWidth(rowActions, table.rows, t, t('resourceKit.more'));
    return [
      ...drawn,
      {
        key: '__actions',
        title: t('resourceKit.actions'),
        width,
        hideable: false,
        actions: true,
        render: (row: Row) => (
          <ActionButtons
            actions={rowActions
              .filter((action) => !action.when || action.when(row))
              .map(
                (action): RowAction => ({
                  key: action.key,
                  label: t(action.labelKey),
                  permission: action.permission,
                  color: action.color ?? (action.destructive ? 'error' : undefined),
                  // A navigating action is a real link, so it opens in a new tab too (issue 35 §5).
                  href: action.to?.(row),
                  onClick: () => runRow(action, row),
                }),
              )}
          />
        ),
      },
    ];
    // runRow reads only stable references (the action context and the definition).
  }, [list, resource, context, t, actions.context, table.sort?.field, table.rows]);

  const bulkActions = useMemo<BulkAction[] | undefined>(
    () =>
      list.bulkActions?.map((action) => ({
        key: action.key,
        label: t(action.labelKey),
        permission: action.permission,
        color: action.color ?? (action.destructive ? 'error' : undefined),
        // The bar confirms itself when asked to: a destructive action always is.
        confirm:
          action.confirm || action.destructive
            ? { title: t(action.confirm?.titleKey ?? (action.destructive ? 'resourceKit.deleteTitle' : 'resourceKit.confirmTitle')), content: action.confirm?.contentKey ? t(action.confirm.contentKey) : action.destructive ? t('resourceKit.deleteContent') : undefined }
            : undefined,
        onRun: async (ids) => {
          const selected = new Set(ids);
          await action.run(ids, actions.context, table.rows.filter((row) => selected.has(resource.rowId(row))));
        },
      })),
    [list, t, actions.context, table.rows, resource],
  );

  const exportList = async () => {
    setExporting(true);
    try {
      const rows = await fetchFilteredRows(dispatch as never, list.endpoint, toArg, table.filters, table.sort);
      const exported = list.columns.filter((column) => !column.noExport && visibility[column.key] !== false);
      await exportToExcel({
        fileName: t(list.export!.fileNameKey),
        locale: context.locale,
        rows,
        columns: exported.map((column) => ({ header: t(column.titleKey), key: column.key, value: (row: Row) => cellText(row, column, context) })),
      });
      dispatch(notify({ severity: 'success', message: t('resourceKit.exportDone', { count: rows.length }) }));
    } catch (error) {
      // Above the browser's limit a server-capable list is exported by a job on the server (docs/export.md).
      if (error instanceof ExportTooLargeError && list.export?.server) {
        void serverExport.start(serverExportRequest(list.export.server, toArg, table.filters, table.sort, t(list.export.fileNameKey)));
        return;
      }
      const message = error instanceof ExportTooLargeError ? t('resourceKit.exportTooMany', { max: MAX_EXPORT_ROWS }) : error instanceof Error ? error.message : String(error);
      // A failed page load already showed the server msg (§8); other failures say what went wrong.
      if (!(error && typeof error === 'object' && 'code' in error)) dispatch(notify({ severity: 'error', message }));
    } finally {
      setExporting(false);
    }
  };

  const hasToolbar = Boolean(list.toolbar?.length || list.export || savedViews);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resource-list-${resource.key}`}>
      <Stack spacing={1.5}>
        {list.tabs && (
          <Tabs
            value={tabValue}
            onChange={(_event, value: string) => {
              const option = list.tabs!.options.find((candidate) => String(candidate.value) === value);
              // From the filters in the URL now: a search submitted just before keeps its terms.
              table.setFilters((current) => withTab(current, option?.value));
            }}
            aria-label={t(resource.titleKey)}
            variant="scrollable"
          >
            {list.tabs.all !== false && <Tab value="" label={t('resourceKit.all')} />}
            {list.tabs.options.map((option) => (
              <Tab key={option.value} value={String(option.value)} label={labelText(option.label, context)} data-testid={`tab-${option.value}`} />
            ))}
          </Tabs>
        )}
        {/* The tab the URL holds now, not the render's: a tab clicked meanwhile stays. */}
        {schema && <SearchBar schema={schema} initialQuery={table.filters} onSearch={(query) => table.setFilters((current) => withTab(query, tabField === undefined ? undefined : current[tabField]))} />}
        {header}
        <ExportJobPanel
          view={serverExport.view}
          onCheckAgain={() => void serverExport.checkAgain()}
          onRetry={() => list.export?.server && void serverExport.start(serverExportRequest(list.export.server, toArg, table.filters, table.sort, t(list.export.fileNameKey)))}
          onDismiss={serverExport.dismiss}
        />
        {hasToolbar && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
            {list.toolbar?.map((action) => (
              <PermissionButton
                key={action.key}
                variant="contained"
                size="small"
                permission={action.permission}
                color={action.color ?? 'primary'}
                onClick={() => (action.to ? actions.context.navigate(action.to) : ask(action, () => action.run?.(actions.context)))}
              >
                {t(action.labelKey)}
              </PermissionButton>
            ))}
            {list.export && (
              <PermissionButton variant="outlined" size="small" permission={list.export.permission} loading={exporting || serverExport.view.phase === 'starting' || serverExport.view.phase === 'running'} onClick={() => void exportList()} data-testid="resource-export">
                {t('resourceKit.export')}
              </PermissionButton>
            )}
            {savedViews && (
              <SavedViewsMenu
                resourceKey={resource.key}
                columnKeys={list.columns.map((column) => column.key)}
                filters={table.filters}
                visibility={visibility}
                onApply={(view) => {
                  setVisibility(view.columns);
                  table.setFilters(view.filters);
                }}
              />
            )}
          </Stack>
        )}
        <DataTable
          columns={columns}
          table={table}
          getRowId={resource.rowId}
          label={t(resource.titleKey)}
          emptyText={t(list.emptyKey ?? 'resourceKit.empty')}
          bulkActions={bulkActions}
          columnVisibility={visibility}
          onColumnVisibilityChange={setVisibility}
          data-testid={`${resource.key}-table`}
        />
      </Stack>
      {pending && (
        <ConfirmDialog
          open
          title={t(pending.action.confirm?.titleKey ?? (pending.action.destructive ? 'resourceKit.deleteTitle' : 'resourceKit.confirmTitle'))}
          content={
            pending.action.confirm?.contentKey
              ? t(pending.action.confirm.contentKey)
              : pending.action.destructive
                ? t('resourceKit.deleteContent')
                : t('resourceKit.confirmAction', { action: t(pending.action.labelKey) })
          }
          onConfirm={async () => {
            await pending.run();
          }}
          onClose={() => setPending(null)}
        />
      )}
      {actions.dialogs}
    </Paper>
  );
}
