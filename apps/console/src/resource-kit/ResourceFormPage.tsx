// The generated create/edit screen of a resource (`?id=…` edits), on the form engine (useResourceForm):
// on save the mutation (its tags refresh the lists), 'saved successfully' and back to the list.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageError, PageLoading } from './PageStates';
import { ResourceFormFields } from './ResourceFormFields';
import type { ResourceFormDefinition } from './types';
import { useResourceActions } from './useResourceActions';
import { useResourceForm } from './useResourceForm';

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
  const { t } = useTranslation();
  const definition = resource.form! as ResourceFormDefinition<V>;
  const actions = useResourceActions();
  const engine = useResourceForm(definition, {
    initial,
    id,
    context: actions.context,
    successKey: 'resourceKit.saved',
    onSaved: () => actions.context.navigate(resource.listPath),
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }} data-testid={`resource-form-${resource.key}`}>
      <Stack component="form" noValidate spacing={2} onSubmit={engine.submit}>
        <Typography variant="h6" component="h1">
          {t(id ? editTitleKey : createTitleKey)}
        </Typography>
        <ResourceFormFields engine={engine} fields={definition.fields} editing={Boolean(id)} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="resource-form-submit">
            {t('resourceKit.submit')}
          </Button>
          <Button type="button" variant="outlined" onClick={() => actions.context.navigate(resource.listPath)}>
            {t('resourceKit.cancel')}
          </Button>
        </Stack>
      </Stack>
      {engine.question}
    </Paper>
  );
}
