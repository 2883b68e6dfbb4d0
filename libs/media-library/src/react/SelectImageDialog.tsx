import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import {
  DataTable,
  SearchBar,
  formatSecondsTimestamp,
  searchText,
  useDataTable,
  type DataTableColumn,
  type ListEndpoint,
  type TableQuery,
} from '@merchant/ui-kit';
import { DEFAULT_THUMBNAIL_PX, SELECT_IMAGE_DIALOG_WIDTH_PX } from '../constants';
import type { LibraryFile } from '../picker/selection';
import type { FileListQuery } from '../upload/endpoints';
import { isVideoName } from '../validation/file-rules';
import { FileTypeIcon } from './FileTypeIcon';
import { MediaPreviewDialog, nameWithSuffix } from './MediaPreviewDialog';
import { useMediaText } from './use-media-text';

export interface SelectImageDialogProps {
  open: boolean;
  onClose(): void;
  /** The file list (an RTK Query endpoint of queryResourceFileListByPath, or anything with its `useQuery`). */
  endpoint: ListEndpoint<LibraryFile, FileListQuery>;
  /** Directory listed ('/noWatermark', or '/watermark' with a watermark or imgSize, see libraryPathFor). */
  path: string;
  multiple?: boolean;
  /** Rows chosen in this dialog (a temporary selection until confirm, console-spec §4). */
  onConfirm(chosen: LibraryFile[]): void;
  /** The 'no file you want? click to upload to the current directory' link. */
  onUploadClick?(): void;
  /** Names the table's state in the URL. */
  tableId?: string;
}

/** console-spec §2 'select image' dialog: 1000px, search by keyword and reference count, choose rows, confirm. */
export function SelectImageDialog(props: SelectImageDialogProps) {
  const { open, onClose, multiple = false } = props;
  const { t, locale } = useMediaText();
  const [chosen, setChosen] = useState<LibraryFile[]>([]);
  const [preview, setPreview] = useState<LibraryFile | null>(null);
  const table = useDataTable<LibraryFile, FileListQuery>({
    id: props.tableId ?? 'mediaSelect',
    endpoint: props.endpoint,
    toArg: (query: TableQuery) => ({
      path: props.path,
      searchKey: typeof query.filters.searchKey === 'string' ? query.filters.searchKey : undefined,
      referenceCount: typeof query.filters.referenceCount === 'string' ? query.filters.referenceCount : undefined,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    }),
  });
  // Closing clears the temporary selection (console-spec §4).
  useEffect(() => {
    if (!open) setChosen([]);
  }, [open]);

  const schema = useMemo(
    () => z.object({ searchKey: searchText({ label: t('keyword') }), referenceCount: searchText({ label: t('referenceCount') }) }),
    [locale],
  );
  const isChosen = (file: LibraryFile) => chosen.some((other) => other.fileId === file.fileId);
  const toggle = (file: LibraryFile) =>
    setChosen((current) => (isChosen(file) ? current.filter((other) => other.fileId !== file.fileId) : multiple ? [...current, file] : [file]));

  const columns: DataTableColumn<LibraryFile>[] = [
    {
      key: 'choose',
      title: '',
      width: 56,
      hideable: false,
      render: (file) => (
        <Checkbox checked={isChosen(file)} onChange={() => toggle(file)} slotProps={{ input: { 'aria-label': t('chooseFile', { name: file.objectName }) } }} />
      ),
    },
    { key: 'objectName', title: t('fileName'), flex: 2 },
    {
      key: 'objectUrl',
      title: t('filePicture'),
      width: 120,
      render: (file) => <Thumbnail file={file} onOpen={() => setPreview(file)} />,
    },
    { key: 'createDate', title: t('createDate'), width: 180, render: (file) => formatSecondsTimestamp(Number(file.createDate)) },
    { key: 'referenceCount', title: t('referenceCount'), width: 120, align: 'right' },
    { key: 'fileTags', title: t('tags'), flex: 1, render: (file) => (file.fileTags ?? []).map((tag) => tag.tag).join(',') },
  ];

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose(); // console-spec §2: not closable by clicking outside
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: SELECT_IMAGE_DIALOG_WIDTH_PX, maxWidth: '100%' } } }}
      aria-labelledby="media-select-dialog-title"
    >
      <DialogTitle id="media-select-dialog-title">{t('selectImage')}</DialogTitle>
      <DialogContent dividers>
        <SearchBar schema={schema} onSearch={table.setFilters} initialQuery={table.filters} />
        {props.onUploadClick && (
          <Box sx={{ my: 1 }}>
            <Link component="button" type="button" onClick={props.onUploadClick}>
              {t('uploadToCurrentDirectory')}
            </Link>
          </Box>
        )}
        <DataTable columns={columns} table={table} getRowId={(file) => file.fileId} label={t('selectImage')} maxHeight={480} data-testid="media-select-table" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            props.onConfirm(chosen);
            onClose();
          }}
        >
          {t('confirm')}
        </Button>
      </DialogActions>
      <MediaPreviewDialog file={preview} onClose={() => setPreview(null)} />
    </Dialog>
  );
}

/** A 100px-wide thumbnail (or the type icon) that opens the preview or the video player. */
export function Thumbnail({ file, onOpen, size = DEFAULT_THUMBNAIL_PX / 2 }: { file: LibraryFile; onOpen(): void; size?: number }) {
  const name = nameWithSuffix(file);
  const video = isVideoName(name);
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={file.objectName}
      sx={{ p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', display: 'flex', alignItems: 'center' }}
    >
      {video ? (
        <FileTypeIcon kind="video" size={size} />
      ) : (
        <img src={file.objectUrl} alt="" width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
      )}
    </Box>
  );
}
