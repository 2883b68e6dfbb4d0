// A business day ('YYYY-MM-DD', the ledger's day) on an MUI X date picker with dayjs, in the console's language.
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';

export const DAY_FORMAT = 'YYYY-MM-DD';

export function DayPickers({ locale, children }: { locale: string; children: ReactNode }) {
  const localeText = (locale === 'zh-CN' ? pickersZhCN : pickersEnUS).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface DayPickerProps {
  label: string;
  name: string;
  value: string | undefined;
  onChange(day: string | undefined): void;
  error?: string;
  views?: readonly ('year' | 'month' | 'day')[];
}

export function DayPicker({ label, name, value, onChange, error, views }: DayPickerProps) {
  return (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      views={views as ('year' | 'month' | 'day')[] | undefined}
      onChange={(next) => onChange(next && next.isValid() ? next.format(DAY_FORMAT) : undefined)}
      slotProps={{ textField: { size: 'small', name, error: Boolean(error), helperText: error, sx: { width: 180 } } }}
    />
  );
}
