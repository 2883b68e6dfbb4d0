import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { muiControlSize, useUiKitSize } from '../context/UiKitProvider';
import { useUiKitText } from '../i18n/locale-context';
import type { TableFilters } from '../table/table-constants';
import { AsyncTaskProgress } from '../task/AsyncTaskProgress';
import { useServerExport, type ExportTask, type UseServerExportOptions } from './use-server-export';

export interface ServerExportPanelProps<T extends ExportTask> extends UseServerExportOptions<T> {
  /** The filters of the table being exported (e.g. `table.filters`). */
  filters: TableFilters;
  /** The poller's try limit (secure-transport's ASYNC_TASK_MAX_TRIES). */
  maxTries: number;
  label?: string;
}

/** A button that exports the whole filtered set on the server, its progress, then a download link. */
export function ServerExportPanel<T extends ExportTask>({ filters, maxTries, label, ...options }: ServerExportPanelProps<T>) {
  const t = useUiKitText();
  const size = muiControlSize(useUiKitSize());
  const exporter = useServerExport(options);
  const busy = exporter.starting || exporter.state.phase === 'running';
  return (
    <Stack spacing={1}>
      <Button variant="outlined" size={size} loading={busy} onClick={() => void exporter.start(filters)}>
        {label ?? t('exportAll')}
      </Button>
      {exporter.startError && <Alert severity="error">{exporter.startError}</Alert>}
      {exporter.state.phase !== 'succeeded' && <AsyncTaskProgress state={exporter.state} maxTries={maxTries} label={t('exportProgress')} />}
      {exporter.fileUrl && (
        <Link href={exporter.fileUrl} download>
          {t('downloadFile')}
        </Link>
      )}
    </Stack>
  );
}
