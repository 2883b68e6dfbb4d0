// The generated create/edit screen of a resource (`?id=…` edits): react-hook-form validated by the
// contract's zod schema, unsaved-changes protection, and on save: the mutation (its tags refresh
// the lists), the success notice and back to the list.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, MoneyInput, NumberInput, yuanTextToCents } from '@merchant/ui-kit';
import { fieldErrorText, requiredFieldNames, resourceFormResolver } from './formErrors';
import { PageError, PageLoading } from './PageStates';
import { labelText, textContext } from './text';
import type { ResourceFormDefinition, ResourceFormField, ResourceStatusOption, ResourceTextContext } from './types';
import { useResourceActions } from './useResourceActions';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

type Values = Record<string, unknown>;

export interface ResourceFormPageProps<V extends Values, Rec, LoadArg> {
  resource: { key: string; titleKey: string; listPath: string; form?: ResourceFormDefinition<V, Rec, LoadArg> };
  /** i18n keys of the titles in create and edit mode. */
  createTitleKey: string;
  editTitleKey: string;
}

export function ResourceFormPage<V extends Values, Rec, LoadArg>(props: ResourceFormPageProps<V, Rec, LoadArg>) {
  const id = useSearchParams()[0].get('id');
  const form = props.resource.form!;
  // Edit mode waits for the record, so the form starts from it and is not dirty.
  if (id && form.load) return <EditForm {...props} id={id} />;
  return <FormBody {...props} id={null} initial={form.defaults} />;
}

function EditForm<V extends Values, Rec, LoadArg>(props: ResourceFormPageProps<V, Rec, LoadArg> & { id: string }) {
  const load = props.resource.form!.load!;
  const result = load.endpoint.useQuery(load.toArg(props.id));
  const record = result.currentData ?? result.data;
  if (result.error) return <PageError error={result.error} onRetry={result.refetch} />;
  if (!record) return <PageLoading />;
  return <FormBody {...props} initial={load.toValues(record)} />;
}

function FormBody<V extends Values, Rec, LoadArg>({ resource, createTitleKey, editTitleKey, id, initial }: ResourceFormPageProps<V, Rec, LoadArg> & { id: string | null; initial: V }) {
  const { t, i18n } = useTranslation();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const definition = resource.form!;
  const actions = useResourceActions();
  // Errors in the merchant's language with the field's label (formErrors), never the schema's English text.
  const form = useForm<Values>({ defaultValues: initial, resolver: resourceFormResolver<Values>(definition.schema as never) });
  const required = useMemo(() => requiredFieldNames(definition.schema as never, definition.fields), [definition]);
  const guard = useUnsavedChangesGuard(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const [failed, setFailed] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      if (id && definition.update) await actions.context.mutate(definition.update.endpoint, definition.update.toBiz(values as V, id) as never);
      else await actions.context.mutate(definition.create.endpoint, (definition.create.toBiz ? definition.create.toBiz(values as V) : values) as never);
    } catch {
      // The server msg was shown by the baseQuery (§8); the merchant corrects and saves again.
      setFailed(true);
      throw new Error('save failed');
    }
    guard.allowLeave();
    actions.context.succeeded('resourceKit.saved');
    actions.context.navigate(resource.listPath);
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }} data-testid={`resource-form-${resource.key}`}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          void submit().catch(() => undefined);
        }}
      >
        <Typography variant="h6" component="h1">
          {t(id ? editTitleKey : createTitleKey)}
        </Typography>
        {definition.fields.map((field) => (
          <Controller
            key={field.name}
            name={field.name}
            control={form.control}
            render={({ field: control, fieldState }) => (
              <FormInput
                field={field}
                required={required.has(field.name)}
                disabled={Boolean(id && field.createOnly)}
                value={control.value}
                onChange={control.onChange}
                onBlur={control.onBlur}
                error={fieldErrorText(t, i18n, field, fieldState.error?.message)}
                context={context}
              />
            )}
          />
        ))}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="resource-form-submit">
            {t('resourceKit.submit')}
          </Button>
          <Button type="button" variant="outlined" onClick={() => actions.context.navigate(resource.listPath)}>
            {t('resourceKit.cancel')}
          </Button>
        </Stack>
        {failed && <span hidden data-testid="resource-form-failed" />}
      </Stack>
      <ConfirmDialog
        open={guard.asking}
        title={t('resourceKit.unsavedTitle')}
        content={t('resourceKit.unsavedContent')}
        confirmText={t('resourceKit.leave')}
        cancelText={t('resourceKit.stay')}
        onConfirm={() => guard.leave()}
        onClose={() => guard.stay()}
      />
    </Paper>
  );
}

interface FormInputProps {
  field: ResourceFormField;
  /** Marks the label with `*`. */
  required: boolean;
  disabled: boolean;
  value: unknown;
  onChange(value: unknown): void;
  onBlur(): void;
  error: string | undefined;
  context: ResourceTextContext;
}

function FormInput({ field, required, disabled, value, onChange, onBlur, error, context }: FormInputProps) {
  const label = context.t(field.labelKey);
  const helperText = error ?? (field.helperKey ? context.t(field.helperKey) : undefined);
  const common = { label, name: field.name, required, error: Boolean(error), helperText, onBlur, disabled, size: 'small' as const, fullWidth: true, id: `field-${field.name}` };
  switch (field.kind) {
    case 'switch':
      return <FormControlLabel control={<Switch checked={Boolean(value)} disabled={disabled} onChange={(event) => onChange(event.target.checked)} name={field.name} />} label={label} />;
    case 'select':
      return field.useOptions ? <ServerSelect field={field} useOptions={field.useOptions} common={common} value={value} onChange={onChange} context={context} /> : <SelectInput options={field.options ?? []} common={common} value={value} onChange={onChange} context={context} />;
    case 'integer':
      return <NumberInput {...common} value={value === undefined || value === null ? '' : String(value)} onValueChange={(text) => onChange(text === '' ? undefined : Number(text))} />;
    case 'money':
      return <MoneyField common={common} cents={value} onChange={onChange} />;
    case 'textarea':
      return <TextField {...common} multiline minRows={3} value={(value as string | undefined) ?? ''} onChange={(event) => onChange(event.target.value)} />;
    default:
      return <TextField {...common} value={(value as string | undefined) ?? ''} onChange={(event) => onChange(event.target.value)} />;
  }
}

/** Money is integer cents in the form values (§9) and yuan on screen; the typed text is kept while it is being typed ("12."). */
function MoneyField({ common, cents, onChange }: { common: Record<string, unknown> & { label: string }; cents: unknown; onChange(value: unknown): void }) {
  const [text, setText] = useState(() => (typeof cents === 'number' ? (cents / 100).toFixed(2) : ''));
  useEffect(() => {
    if (yuanTextToCents(text) !== cents) setText(typeof cents === 'number' ? (cents / 100).toFixed(2) : '');
    // Only an outside change of the value (a reset) rewrites the text.
  }, [cents]);
  return (
    <MoneyInput
      {...common}
      value={text}
      onValueChange={(next) => {
        setText(next);
        onChange(yuanTextToCents(next));
      }}
    />
  );
}

interface SelectProps {
  common: Record<string, unknown>;
  value: unknown;
  onChange(value: unknown): void;
  context: ResourceTextContext;
}

function SelectInput({ options, common, value, onChange, context }: SelectProps & { options: readonly ResourceStatusOption[] }) {
  return (
    <TextField {...common} select value={value === undefined || value === null ? '' : String(value)} onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)?.value)}>
      {options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {labelText(option.label, context)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select whose options a hook loads (e.g. the store's inventory items). */
function ServerSelect({ useOptions, ...rest }: SelectProps & { field: ResourceFormField; useOptions: () => readonly ResourceStatusOption[] }) {
  return <SelectInput {...rest} options={useOptions()} />;
}
