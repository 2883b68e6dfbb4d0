// /shop/mediaLibrary: the store's media library (console-spec §2 dialogs, §4 upload flow, §7 calls).
// Browse directories, search by keyword and reference count, upload, edit tags, delete with a
// confirmation, export the page to Excel. The table reloads by RTK Query tag invalidation.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/CloudUpload';
import DownloadIcon from '@mui/icons-material/FileDownload';
import { PERMISSIONS } from '@merchant/api-contracts';
import { DEFAULT_LIST_PATH, catalogDisplayPath, type FileListQuery } from '@merchant/media-library';
import { MediaPreviewDialog, Thumbnail, UploadDialog } from '@merchant/media-library/react';
import {
  ActionButtons,
  ConfirmDialog,
  DataTable,
  PermissionButton,
  SearchBar,
  exportToExcel,
  formatSecondsTimestamp,
  searchText,
  useDataTable,
  useUiKitLocale,
  type DataTableColumn,
  type TableQuery,
} from '@merchant/ui-kit';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { mediaApi, useDeleteMediaFilesMutation, useMediaCatalogsQuery, useUpdateMediaTagsMutation, type MediaFile } from './api';
import { CatalogTree } from './CatalogTree';
import { PickerPreview } from './PickerPreview';
import { TagEditorDialog } from './TagEditorDialog';
import { useMediaUpload } from './useMediaUpload';

const TABLE_ID = 'media';

const toArg = (query: TableQuery): FileListQuery => ({
  path: typeof query.filters.path === 'string' ? query.filters.path : DEFAULT_LIST_PATH,
  searchKey: typeof query.filters.searchKey === 'string' ? query.filters.searchKey : undefined,
  referenceCount: typeof query.filters.referenceCount === 'string' ? query.filters.referenceCount : undefined,
  pageNum: query.pageNum,
  pageSize: query.pageSize,
});

export function MediaLibraryPage() {
  const { t } = useTranslation();
  const locale = useUiKitLocale();
  const dispatch = useAppDispatch();
  const upload = useMediaUpload();
  const table = useDataTable<MediaFile, FileListQuery>({ id: TABLE_ID, endpoint: mediaApi.endpoints.mediaFiles, toArg });
  const path = toArg({ pageNum: 1, pageSize: 5, filters: table.filters, sort: undefined }).path ?? DEFAULT_LIST_PATH;
  const catalogs = useMediaCatalogsQuery().data ?? [];
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<MediaFile | null>(null);
  const [tagging, setTagging] = useState<MediaFile | null>(null);
  const [deleting, setDeleting] = useState<MediaFile | null>(null);
  const [updateTags] = useUpdateMediaTagsMutation();
  const [deleteFiles] = useDeleteMediaFilesMutation();

  const schema = useMemo(
    () => z.object({ searchKey: searchText({ label: t('media.keyword') }), referenceCount: searchText({ label: t('media.referenceCount') }) }),
    [t],
  );
  const success = (key: string) => dispatch(notify({ severity: 'success', message: key, translate: true }));

  const columns: DataTableColumn<MediaFile>[] = [
    { key: 'objectUrl', title: t('media.columns.picture'), width: 72, hideable: false, render: (file) => <Thumbnail file={file} onOpen={() => setPreview(file)} /> },
    {
      key: 'objectName',
      title: t('media.columns.name'),
      flex: 1,
      // The directory sits under the name: one column less on a laptop screen.
      render: (file) => (
        <Stack sx={{ minWidth: 0, py: 0.5 }}>
          <Typography variant="body2" noWrap title={file.objectName}>
            {file.objectName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap data-testid="media-file-path">
            {catalogDisplayPath(file.catalogPath, catalogs, locale)}
          </Typography>
        </Stack>
      ),
    },
    { key: 'createDate', title: t('media.columns.createDate'), width: 165, render: (file) => formatSecondsTimestamp(file.createDate) },
    { key: 'referenceCount', title: t('media.columns.referenceCount'), width: 90, align: 'right' },
    {
      key: 'fileTags',
      title: t('media.columns.tags'),
      flex: 1,
      render: (file) => (
        <Typography variant="body2" noWrap title={(file.fileTags ?? []).map(({ tag }) => tag).join(',')}>
          {(file.fileTags ?? []).map(({ tag }) => tag).join(',')}
        </Typography>
      ),
    },
    {
      key: 'actions',
      title: t('media.columns.actions'),
      width: 250,
      hideable: false,
      actions: true,
      render: (file) => (
        <ActionButtons
          actions={[
            { key: 'preview', label: t('media.actions.preview'), onClick: () => setPreview(file) },
            { key: 'tags', label: t('media.actions.tags'), permission: PERMISSIONS.mediaUpload, onClick: () => setTagging(file) },
            {
              key: 'copy',
              label: t('media.actions.copyLink'),
              onClick: () => void navigator.clipboard?.writeText(file.objectUrl).then(() => success('media.linkCopied')),
            },
            { key: 'delete', label: t('media.actions.delete'), color: 'error', permission: PERMISSIONS.mediaDelete, onClick: () => setDeleting(file) },
          ]}
        />
      ),
    },
  ];

  const exportPage = async () => {
    try {
      await exportToExcel({
        fileName: `${t('media.exportFileName')} ${path}`,
        locale,
        rows: table.rows,
        columns: [
          { header: t('media.columns.name'), key: 'objectName', width: 30 },
          { header: t('media.columns.directory'), key: 'catalogPath', width: 24 },
          { header: t('media.columns.createDate'), key: 'createDate', value: (file) => formatSecondsTimestamp(file.createDate), width: 20 },
          { header: t('media.columns.referenceCount'), key: 'referenceCount', width: 12 },
          { header: t('media.columns.tags'), key: 'fileTags', value: (file) => (file.fileTags ?? []).map(({ tag }) => tag).join(','), width: 24 },
        ],
      });
    } catch (error) {
      dispatch(notify({ severity: 'error', message: error instanceof Error ? error.message : String(error) }));
    }
  };

  return (
    // Stacked on a narrow screen, each part as wide as the screen (issue 35 §10: 'flex-start' left the
    // file list as wide as its grid, 729 px on a 390 px phone).
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: 200 }, flexShrink: 0 }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {t('media.directories')}
        </Typography>
        <CatalogTree catalogs={catalogs} selected={path} onSelect={(next) => table.setFilters((current) => ({ ...current, path: next }))} />
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2 }}>
        <Stack spacing={2}>
          <SearchBar schema={schema} initialQuery={table.filters} onSearch={(query) => table.setFilters((current) => ({ ...query, path: current.path }))} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <PermissionButton permission={PERMISSIONS.mediaUpload} variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              {t('media.upload')}
            </PermissionButton>
            <PermissionButton variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportPage()}>
              {t('media.export')}
            </PermissionButton>
          </Stack>
          <DataTable columns={columns} table={table} getRowId={(file) => file.fileId} label={t('media.title')} data-testid="media-table" />
          <PickerPreview />
        </Stack>
      </Paper>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        targetPath={path}
        catalogs={catalogs}
        calls={upload.calls}
        hasher={upload.hasher}
        measureVideoDuration={upload.measureVideoDuration}
        onNotice={upload.onNotice}
      />
      <MediaPreviewDialog file={preview} onClose={() => setPreview(null)} />
      <TagEditorDialog
        file={tagging}
        onClose={() => setTagging(null)}
        onSave={async (tagList) => {
          await updateTags({ fileId: tagging!.fileId, tagList }).unwrap();
          success('media.tagsSaved');
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('media.deleteTitle')}
        content={t('media.deleteContent', { name: deleting?.objectName ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await deleteFiles({ fileIdList: [deleting!.fileId] }).unwrap();
          success('media.deleted');
        }}
      />
    </Stack>
  );
}
