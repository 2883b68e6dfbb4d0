// The goods release form's choice of an after-sale explanation template (issue 27 §3): the store's templates by
// name, or none, with the chosen one's text under it, instead of a typed id. A controlled field, so the release
// form's ServiceSection wires it to its form state (react-hook-form Controller) like its other inputs.
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAfterSaleTemplatesQuery } from './api';

export interface AfterSaleTemplateFieldProps {
  value: number | null;
  onChange: (templateId: number | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  testId?: string;
}

const NONE = '';

export function AfterSaleTemplateField({ value, onChange, onBlur, error, helperText, testId = 'release-after-sale' }: AfterSaleTemplateFieldProps) {
  const { t } = useTranslation();
  const { data: templates = [], isLoading } = useAfterSaleTemplatesQuery();
  const chosen = templates.find((template) => template.templateId === value);
  // A stored id the list does not hold (deleted since, or typed before templates existed) stays visible as its number.
  const unknown = value !== null && !isLoading && !chosen;
  return (
    <Stack spacing={0.5} sx={{ width: 280 }}>
      <TextField
        select
        label={t('afterSaleTemplates.field.label')}
        value={value === null ? NONE : String(value)}
        onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
        onBlur={onBlur}
        error={error}
        helperText={helperText || t('afterSaleTemplates.field.hint')}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        <MenuItem value={NONE}>{t('afterSaleTemplates.field.none')}</MenuItem>
        {templates.map((template) => (
          <MenuItem key={template.templateId} value={String(template.templateId)}>
            {template.name}
          </MenuItem>
        ))}
        {unknown && <MenuItem value={String(value)}>#{value}</MenuItem>}
      </TextField>
      {chosen && (
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-summary`}>
          {chosen.summary}
        </Typography>
      )}
    </Stack>
  );
}
