import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import FormHelperText from '@mui/material/FormHelperText';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';
import { muiControlSize, useUiKitSize } from '../context/UiKitProvider';
import { useUiKitLocale, useUiKitText } from '../i18n/locale-context';
import { uiKitMessages, type UiKitMessageKey } from '../i18n/messages';
import { sanitizeMoneyInput } from '../input/input-rules';
import type { TableFilters } from '../table/table-constants';
import { Cascader } from './Cascader';
import {
  emptySearchValues,
  searchFieldsOf,
  searchValuesFromQuery,
  toSearchQuery,
  type DateRangeInput,
  type SearchField,
  type SearchFormValues,
  type SearchSchema,
} from './search-fields';

export interface SearchBarProps {
  /** A z.object of searchText / searchPhone / searchMoney / searchSelect / searchCascader / searchDateRange fields. */
  schema: SearchSchema;
  /** Valid queries only: empty values left out, money in cents, dates in seconds. */
  onSearch(query: TableFilters): void;
  /** The current query (e.g. a table's URL filters) to show in the bar. */
  initialQuery?: TableFilters;
}

/** A search bar drawn and validated from a zod schema (console-spec §5). Reset clears and searches again. */
export function SearchBar({ schema, onSearch, initialQuery }: SearchBarProps) {
  const t = useUiKitText();
  const pickerTexts = (useUiKitLocale() === 'zh-CN' ? pickersZhCN : pickersEnUS).components.MuiLocalizationProvider.defaultProps.localeText;
  const size = muiControlSize(useUiKitSize());
  const fields = useMemo(() => searchFieldsOf(schema), [schema]);
  const form = useForm<SearchFormValues>({
    defaultValues: initialQuery ? searchValuesFromQuery(fields, initialQuery) : emptySearchValues(fields),
    resolver: zodResolver(schema as never) as unknown as Resolver<SearchFormValues>,
  });
  // The URL may change the query behind the bar (back and forward buttons): show what the table uses.
  const queryKey = JSON.stringify(initialQuery ?? {});
  useEffect(() => {
    if (initialQuery) form.reset(searchValuesFromQuery(fields, initialQuery));
  }, [queryKey, fields]);
  const translate = (message: string | undefined) => (message && message in uiKitMessages['en-US'] ? t(message as UiKitMessageKey) : message);
  const submit = form.handleSubmit((output) => onSearch(toSearchQuery(output)));
  const reset = () => {
    form.reset(emptySearchValues(fields));
    onSearch({});
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={pickerTexts}>
      <Stack
        component="form"
        role="search"
        noValidate
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', py: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {fields.map((field) => (
          <Controller
            key={field.name}
            name={field.name}
            control={form.control}
            render={({ field: control, fieldState }) => (
              <SearchInput field={field} size={size} value={control.value} onChange={control.onChange} error={translate(fieldState.error?.message)} />
            )}
          />
        ))}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size={size}>
            {t('search')}
          </Button>
          <Button type="button" variant="outlined" size={size} onClick={reset}>
            {t('reset')}
          </Button>
        </Stack>
      </Stack>
    </LocalizationProvider>
  );
}

interface SearchInputProps {
  field: SearchField;
  size: 'small' | 'medium';
  value: SearchFormValues[string];
  onChange(value: SearchFormValues[string]): void;
  error: string | undefined;
}

function SearchInput({ field, size, value, onChange, error }: SearchInputProps) {
  const t = useUiKitText();
  const { meta, name } = field;
  const common = { size, label: meta.label, placeholder: meta.placeholder, error: Boolean(error), helperText: error, name };
  switch (meta.kind) {
    case 'select':
      return (
        <TextField {...common} select value={value as string} sx={{ minWidth: 160 }} onChange={(event) => onChange(event.target.value)}>
          <MenuItem value="">{t('all')}</MenuItem>
          {meta.options.map((option) => (
            <MenuItem key={option.value} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'cascader':
      return <Cascader label={meta.label} options={meta.options} size={size} value={value as string[]} onChange={onChange} />;
    case 'dateRange': {
      const [start, end] = value as DateRangeInput;
      return (
        <Stack spacing={0.5} role="group" aria-label={meta.label}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <DatePicker
              label={meta.startLabel ?? `${meta.label} ${t('start')}`}
              value={start}
              onChange={(next) => onChange([next, end])}
              slotProps={{ textField: { size, error: Boolean(error), name: `${name}.start` } }}
            />
            <span aria-hidden="true">–</span>
            <DatePicker
              label={meta.endLabel ?? `${meta.label} ${t('end')}`}
              value={end}
              onChange={(next) => onChange([start, next])}
              slotProps={{ textField: { size, error: Boolean(error), name: `${name}.end` } }}
            />
          </Stack>
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Stack>
      );
    }
    case 'money':
      return (
        <TextField
          {...common}
          value={value as string}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          onChange={(event) => onChange(sanitizeMoneyInput(event.target.value))}
        />
      );
    default:
      return (
        <TextField
          {...common}
          value={value as string}
          slotProps={{ htmlInput: { inputMode: meta.kind === 'phone' ? 'tel' : 'text' } }}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
