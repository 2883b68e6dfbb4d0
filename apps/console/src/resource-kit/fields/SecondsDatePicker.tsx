// A date in integer seconds (ARCHITECTURE.md: timestamps are seconds on the wire) drawn by an MUI X date
// picker in the console's language. Only the date kinds' modules import it, and the registry loads them
// lazily, so a form without dates never downloads the pickers (as ui-kit's DateRangeField).
import { useRef, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';
import Box from '@mui/material/Box';
import type { ResourceTextContext } from '../types';
import type { FieldControl } from './useFieldControl';

/** The pickers' own texts (calendar buttons, placeholders) in the console's language. */
export function PickersLocalization({ context, children }: { context: ResourceTextContext; children: ReactNode }) {
  const localeText = (context.locale === 'zh-CN' ? pickersZhCN : pickersEnUS).components.MuiLocalizationProvider.defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

interface SecondsDatePickerProps {
  control: FieldControl;
  label: string;
  required: boolean;
  disabled: boolean;
  /** Which second of the chosen day the value is: a range starts at its first day's start and ends at its last day's end. */
  edge: 'startOf' | 'endOf';
}

const toDay = (seconds: unknown): Dayjs | null => (typeof seconds === 'number' ? dayjs.unix(seconds) : null);

export function SecondsDatePicker({ control, label, required, disabled, edge }: SecondsDatePickerProps) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <Box
      ref={(element: HTMLDivElement | null) => {
        root.current = element;
        // A failed submit focuses the first invalid field: here the picker's first editable section.
        control.ref(element ? { focus: () => root.current?.querySelector<HTMLElement>('[role="spinbutton"], input:not([aria-hidden="true"])')?.focus() } : null);
      }}
    >
      <DatePicker
        label={label}
        value={toDay(control.value)}
        disabled={disabled}
        onChange={(next) => control.onChange(next && next.isValid() ? next[edge]('day').unix() : undefined)}
        onClose={control.onBlur}
        slotProps={{
          textField: { id: control.id, name: control.name, required, error: Boolean(control.error), helperText: control.helperText, size: 'small', fullWidth: true, onBlur: control.onBlur },
        }}
      />
    </Box>
  );
}
