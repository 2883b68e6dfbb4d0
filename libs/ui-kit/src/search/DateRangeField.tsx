// A search bar's date range: two MUI X date pickers. In a module of its own so SearchBar loads the
// pickers (and their dayjs adapter) only when a date range is shown (docs/performance.md, goods list).
import Stack from '@mui/material/Stack';
import FormHelperText from '@mui/material/FormHelperText';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';
import { useUiKitLocale, useUiKitText } from '../i18n/locale-context';
import type { DateRangeInput } from './search-fields';

export interface DateRangeFieldProps {
  name: string;
  label: string;
  startLabel?: string;
  endLabel?: string;
  size: 'small' | 'medium';
  value: DateRangeInput;
  onChange(value: DateRangeInput): void;
  error: string | undefined;
}

export default function DateRangeField({ name, label, startLabel, endLabel, size, value, onChange, error }: DateRangeFieldProps) {
  const t = useUiKitText();
  const pickerTexts = (useUiKitLocale() === 'zh-CN' ? pickersZhCN : pickersEnUS).components.MuiLocalizationProvider.defaultProps.localeText;
  const [start, end] = value;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={pickerTexts}>
      <Stack spacing={0.5} role="group" aria-label={label}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <DatePicker
            label={startLabel ?? `${label} ${t('start')}`}
            value={start}
            onChange={(next) => onChange([next, end])}
            slotProps={{ textField: { size, error: Boolean(error), name: `${name}.start` } }}
          />
          <span aria-hidden="true">–</span>
          <DatePicker
            label={endLabel ?? `${label} ${t('end')}`}
            value={end}
            onChange={(next) => onChange([start, next])}
            slotProps={{ textField: { size, error: Boolean(error), name: `${name}.end` } }}
          />
        </Stack>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Stack>
    </LocalizationProvider>
  );
}
