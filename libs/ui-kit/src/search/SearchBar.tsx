import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Skeleton from '@mui/material/Skeleton';
import { muiControlSize, useDescribeSearchRule, useUiKitSize, type SearchRuleCode } from '../context/UiKitProvider';
import { useUiKitText } from '../i18n/locale-context';
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

// MUI X's pickers are the heaviest part of a bar; they load when a date range is first shown.
const DateRangeField = lazy(() => import('./DateRangeField'));

/** ui-kit's message keys of the §5 search rules → the rule codes an app may give texts for. */
const SEARCH_RULE_OF_MESSAGE: Partial<Record<UiKitMessageKey, SearchRuleCode>> = {
  phoneFormatError: 'phoneOrLandline',
  dateRangeIncomplete: 'rangeIncomplete',
  dateRangeReversed: 'endBeforeStart',
};

/**
 * Optional date ranges sit behind "more filters" (opened by itself when the query uses one), so a
 * list's first render draws no picker (docs/performance.md, goods list). A required one is always shown.
 */
const isFolded = ({ meta }: SearchField): boolean => meta.kind === 'dateRange' && !meta.required;

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
  const size = muiControlSize(useUiKitSize());
  const fields = useMemo(() => searchFieldsOf(schema), [schema]);
  const foldedNames = useMemo(() => fields.filter(isFolded).map((field) => field.name), [fields]);
  const foldedInQuery = foldedNames.some((name) => initialQuery?.[name] !== undefined);
  const [moreShown, setMoreShown] = useState(foldedInQuery);
  const moreId = useId();
  const form = useForm<SearchFormValues>({
    defaultValues: initialQuery ? searchValuesFromQuery(fields, initialQuery) : emptySearchValues(fields),
    resolver: zodResolver(schema as never) as unknown as Resolver<SearchFormValues>,
  });
  // The URL may change the query behind the bar (back and forward buttons): show what the table uses.
  const queryKey = JSON.stringify(initialQuery ?? {});
  useEffect(() => {
    if (initialQuery) form.reset(searchValuesFromQuery(fields, initialQuery));
    if (foldedInQuery) setMoreShown(true);
  }, [queryKey, fields]);
  const describeRule = useDescribeSearchRule();
  // A ui-kit key: the app's text of that rule when it gave one (with the field's label), else ui-kit's.
  const translate = (message: string | undefined, label: string) => {
    if (!message || !(message in uiKitMessages['en-US'])) return message;
    const rule = SEARCH_RULE_OF_MESSAGE[message as UiKitMessageKey];
    return rule && describeRule ? describeRule(rule, label) : t(message as UiKitMessageKey);
  };
  // A folded field that fails validation is shown, so the merchant sees why nothing was searched.
  const submit = form.handleSubmit(
    (output) => onSearch(toSearchQuery(output)),
    (errors) => {
      if (foldedNames.some((name) => errors[name])) setMoreShown(true);
    },
  );
  const reset = () => {
    form.reset(emptySearchValues(fields));
    onSearch({});
  };

  const drawField = (field: SearchField) => (
    <Controller
      key={field.name}
      name={field.name}
      control={form.control}
      render={({ field: control, fieldState }) => (
        <SearchInput field={field} size={size} value={control.value} onChange={control.onChange} error={translate(fieldState.error?.message, field.meta.label)} />
      )}
    />
  );

  return (
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
        // A search bar inside a dialog inside a form (a picker's select-image dialog): React passes the
        // submit up through the portal, and the form around it must not be submitted by a search.
        event.stopPropagation();
        void submit();
      }}
    >
      {fields.filter((field) => !isFolded(field)).map(drawField)}
      {moreShown && (
        <Stack id={moreId} direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {fields.filter(isFolded).map(drawField)}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size={size}>
          {t('search')}
        </Button>
        <Button type="button" variant="outlined" size={size} onClick={reset}>
          {t('reset')}
        </Button>
        {foldedNames.length > 0 && (
          <Button type="button" variant="text" size={size} aria-expanded={moreShown} aria-controls={moreShown ? moreId : undefined} onClick={() => setMoreShown((shown) => !shown)}>
            {t(moreShown ? 'fewerFilters' : 'moreFilters')}
          </Button>
        )}
      </Stack>
    </Stack>
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
    case 'dateRange':
      return (
        <Suspense fallback={<Skeleton variant="rounded" width={300} height={size === 'small' ? 40 : 56} aria-hidden />}>
          <DateRangeField
            name={name}
            label={meta.label}
            startLabel={meta.startLabel}
            endLabel={meta.endLabel}
            size={size}
            value={value as DateRangeInput}
            onChange={onChange}
            error={error}
          />
        </Suspense>
      );
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
