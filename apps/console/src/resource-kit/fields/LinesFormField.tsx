// kind 'lines': a list of lines (an order's items, a count's quantities), one row each, its cells drawn
// with the kit's own kinds (a column is a ResourceFormField named by its key in a line). The rows are a
// react-hook-form field array of the form, so a cell's error sits on its cell (`lines.0.quantity`, client
// or server) and the list's own error (no lines, the same item twice) under the list. Each row is a group
// named by its number; the add and remove buttons have accessible names.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { problemText } from '../formErrors';
import type { ResourceFormField, ResourceFormInputProps } from '../types';

/** A column as the field of one line's cell: `lines.2.quantity`, its test id numbered like the line. */
export const lineCellField = (list: Pick<ResourceFormField, 'name'>, column: ResourceFormField, index: number): ResourceFormField => ({
  ...column,
  name: `${list.name}.${index}.${column.name}`,
  ...(column.testId ? { testId: `${column.testId}-${index}` } : {}),
});

/** A list's own error: react-hook-form keeps a field array's error under `root`, a server's on the list. */
function listMessage(error: unknown): string | undefined {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.root?.message ?? value?.message;
}

/** The cells are drawn like any field: index.tsx, which maps the kinds (this one included), passes its field input in. */
export interface LinesFormFieldProps extends ResourceFormInputProps {
  CellInput: ComponentType<ResourceFormInputProps>;
}

export function LinesFormField({ field, required, disabled, context, CellInput }: LinesFormFieldProps) {
  const { t, i18n } = useTranslation();
  const options = field.lines;
  if (!options) throw new Error(`form field "${field.name}" of kind 'lines' needs its lines options`);
  const { control } = useFormContext();
  const lines = useFieldArray({ control, name: field.name });
  const { errors } = useFormState({ control, name: field.name });
  const label = t(field.labelKey);
  const problem = problemText(i18n, listMessage(get(errors, field.name)), label);
  const legendId = `field-${field.name}-legend`;
  const problemId = `field-${field.name}-problem`;
  const atMin = lines.fields.length <= (options.min ?? 0);
  const atMax = options.max !== undefined && lines.fields.length >= options.max;

  return (
    <Box component="fieldset" aria-labelledby={legendId} aria-describedby={problem ? problemId : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={`${field.name}-lines`}>
      <Typography component="legend" id={legendId} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack spacing={1.5}>
        {lines.fields.map((line, index) => (
          <Stack
            key={line.id}
            role="group"
            aria-label={t('resourceKit.lines.line', { line: index + 1 })}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
            data-testid={`${field.name}-line-${index}`}
          >
            {options.columns.map((column) => (
              <Box key={column.name} sx={{ flex: 1, minWidth: 0 }}>
                <CellInput field={lineCellField(field, column, index)} required={Boolean(column.required)} disabled={disabled} context={context} />
              </Box>
            ))}
            <IconButton
              aria-label={t(options.removeKey ?? 'resourceKit.lines.remove', { line: index + 1 })}
              onClick={() => lines.remove(index)}
              disabled={disabled || atMin}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Button startIcon={<AddIcon />} size="small" onClick={() => lines.append(options.newLine())} disabled={disabled || atMax} sx={{ mt: 1 }} data-testid={`${field.name}-add-line`}>
        {t(options.addKey ?? 'resourceKit.lines.add')}
      </Button>
      {problem && (
        <Alert severity="error" id={problemId} sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
