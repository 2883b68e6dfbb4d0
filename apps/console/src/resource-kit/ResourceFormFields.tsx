// The fields of a generated form (page or dialog) and the problems that belong to no field.
import { Suspense, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { FormFieldInput } from './fields';
import { textContext } from './text';
import type { ResourceFormField } from './types';
import type { ResourceFormEngine } from './useResourceForm';

export function ResourceFormFields({ engine, fields, editing }: { engine: ResourceFormEngine; fields: readonly ResourceFormField[]; editing: boolean }) {
  const { t, i18n } = useTranslation();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  return (
    <FormProvider {...engine.form}>
      {/* Room above the first field's outlined label (a dialog's content has no top padding). */}
      <Stack spacing={2} sx={{ pt: 1 }}>
        {/* Lazily loaded kinds (dates) show once their module arrives. */}
        <Suspense fallback={null}>
          {fields.map((field) => (
            <FormFieldInput key={field.name} field={field} required={engine.required.has(field.name)} disabled={Boolean(editing && field.createOnly)} context={context} />
          ))}
        </Suspense>
        {engine.formProblems.length > 0 && (
          <Alert severity="error" data-testid="resource-form-problems">
            {engine.formProblems.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
      </Stack>
    </FormProvider>
  );
}
