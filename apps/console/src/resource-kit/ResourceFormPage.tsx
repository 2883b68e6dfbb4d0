// The generated create/edit screen of a resource (`?id=…` edits), a ResourceFormScreen: on save the
// mutation (its tags refresh the lists), 'saved successfully' and back to the list.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageError, PageLoading } from './PageStates';
import { ResourceFormScreen } from './ResourceFormScreen';
import type { ResourceFormDefinition } from './types';
import type { ResourceFormEngine } from './useResourceForm';

type Values = Record<string, unknown>;

export interface ResourceFormPageProps<V extends Values, Rec, LoadArg> {
  resource: { key: string; titleKey: string; listPath: string; form?: ResourceFormDefinition<V, Rec, LoadArg> };
  /** i18n keys of the titles in create and edit mode. */
  createTitleKey: string;
  editTitleKey: string;
  /** Under the fields, above the buttons, with the form engine (e.g. a dry run of the typed values). */
  afterFields?: (engine: ResourceFormEngine) => ReactNode;
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

function FormBody<V extends Values, Rec, LoadArg>({ resource, createTitleKey, editTitleKey, id, initial, afterFields }: ResourceFormPageProps<V, Rec, LoadArg> & { id: string | null; initial: V }) {
  const { t } = useTranslation();
  return (
    <ResourceFormScreen
      definition={resource.form! as ResourceFormDefinition<V>}
      title={t(id ? editTitleKey : createTitleKey)}
      initial={initial}
      id={id}
      backTo={resource.listPath}
      testId={`resource-form-${resource.key}`}
      maxWidth={720}
      variant="resource"
      afterFields={afterFields}
    />
  );
}
