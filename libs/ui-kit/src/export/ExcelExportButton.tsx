import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { muiControlSize, useUiKitSize } from '../context/UiKitProvider';
import { useUiKitText } from '../i18n/locale-context';
import type { ExcelExportOptions } from './excel-export';
import { useExcelExport, type UseExcelExportOptions } from './use-excel-export';

export interface ExcelExportButtonProps<Row> extends UseExcelExportOptions {
  /** Called on click, so the rows are those on screen at that moment. */
  getOptions: () => ExcelExportOptions<Row>;
  label?: string;
  /** Called with the saved file name. */
  onExported?: (fileName: string) => void;
}

/** An export button with the worker's progress bar and the §5/§8 failure texts. */
export function ExcelExportButton<Row>({ getOptions, label, onExported, ...options }: ExcelExportButtonProps<Row>) {
  const t = useUiKitText();
  const size = muiControlSize(useUiKitSize());
  const excel = useExcelExport(options);
  return (
    <Box>
      <Button
        variant="outlined"
        size={size}
        loading={excel.exporting}
        onClick={() =>
          void excel.exportRows(getOptions()).then((fileName) => {
            if (fileName) onExported?.(fileName);
          })
        }
      >
        {label ?? t('exportExcel')}
      </Button>
      {excel.progress !== null && (
        <LinearProgress sx={{ mt: 1 }} variant="determinate" value={Math.round(excel.progress * 100)} aria-label={t('exportProgress')} />
      )}
      {excel.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {excel.error}
        </Alert>
      )}
    </Box>
  );
}
