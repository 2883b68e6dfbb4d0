// kind 'listSelect': one row of a list endpoint (a contract list with pageNum / pageSize: the store's
// inventory items, its freight templates…), found by typing: the typed words go to the endpoint's keyword
// field (the definition's `toArg(keyword)`), and the first page of matches are the options (MUI Autocomplete),
// with loading, empty and failed states. The chosen option keeps its label when it is on no loaded page
// (edit mode): the one chosen here is remembered, and the definition's `chosen` record endpoint names one
// the form started with.
import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { labelText } from '../text';
import type { ResourceFormInputProps, ResourceListSelectSource, ResourceStatusOption } from '../types';
import { useSettledText } from '../useSettledText';
import { textFieldProps, useFieldControl } from './useFieldControl';

type OptionValue = ResourceStatusOption['value'];

/** Stands in for the record endpoint of a source without one, so every field calls the same hooks on each render. */
const NO_RECORD_ENDPOINT = { useQuery: (_arg: unknown): { currentData?: unknown; data?: unknown } => ({}) };

/** The chosen value's option from the definition's record endpoint, asked only when no loaded option names it. */
function useChosenOption(source: ResourceListSelectSource, value: OptionValue | undefined, known: boolean): ResourceStatusOption | undefined {
  const { chosen } = source;
  const ask = Boolean(chosen) && value !== undefined && !known;
  const result = (chosen?.endpoint ?? NO_RECORD_ENDPOINT).useQuery(ask && chosen && value !== undefined ? chosen.toArg(value) : skipToken);
  const record = result.currentData ?? result.data;
  return chosen && ask && record !== undefined ? chosen.toOption(record) : undefined;
}

function requireSource(props: ResourceFormInputProps): ResourceListSelectSource {
  if (!props.field.list) throw new Error(`listSelect field "${props.field.name}" needs a list`);
  return props.field.list;
}

export function ListSelectFormField(props: ResourceFormInputProps) {
  const { field, required, disabled, context } = props;
  const source = requireSource(props);
  const control = useFieldControl(field);
  const value = control.value === null || control.value === '' ? undefined : (control.value as OptionValue | undefined);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const keyword = useSettledText(typed).trim();
  // The list is asked once the merchant opens the field (not for every form that merely shows it).
  const result = source.endpoint.useQuery(open || keyword ? source.toArg(keyword) : skipToken);
  const page = result.currentData;
  const options = useMemo(() => (page?.list ?? []).map((row) => source.toOption(row)), [page, source]);
  // Every option seen (pages, the one chosen): the chosen one's label survives a new keyword.
  const [remembered, setRemembered] = useState<ReadonlyMap<OptionValue, ResourceStatusOption>>(new Map());
  useEffect(() => {
    if (options.length === 0) return;
    setRemembered((current) => new Map([...current, ...options.map((option) => [option.value, option] as const)]));
  }, [options]);
  const fromRecord = useChosenOption(source, value, value !== undefined && remembered.has(value));
  const selected = value === undefined ? null : (remembered.get(value) ?? fromRecord ?? { value, label: String(value) });
  const failed = Boolean(result.error) && !result.isFetching;
  const { t } = context;

  return (
    <Autocomplete<ResourceStatusOption>
      id={control.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      // The server has filtered by the keyword: the options are shown as they come.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      getOptionLabel={(option) => labelText(option.label, context)}
      getOptionKey={(option) => String(option.value)}
      loading={result.isFetching}
      loadingText={t('resourceKit.fields.listLoading')}
      noOptionsText={failed ? t('resourceKit.fields.listLoadFailed') : t('resourceKit.fields.listEmpty')}
      disabled={disabled}
      onChange={(_event, option) => {
        if (option) setRemembered((current) => new Map(current).set(option.value, option));
        control.onChange(option?.value);
      }}
      onInputChange={(_event, text, reason) => {
        // Showing the chosen option's label is not a search.
        if (reason === 'input' || reason === 'clear') setTyped(reason === 'clear' ? '' : text);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          // The label, `*`, the error with aria-invalid and the focus of a failed submit (inputRef), as every field.
          {...textFieldProps(control, { required, disabled })}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {result.isFetching && <CircularProgress color="inherit" size={16} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
