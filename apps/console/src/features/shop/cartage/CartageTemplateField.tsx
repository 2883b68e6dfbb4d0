// The goods release form's choice of a cartage template (issue 27 §2): the store's templates by name, each with the
// price of the sample job (CARTAGE_SAMPLE_JOB, by the one calculation store-server quotes with), or none, for goods
// carried at no charge. A controlled field, so the release form's ServiceSection wires it to its form state
// (react-hook-form Controller) like the after-sale template beside it.
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCartageTemplateListQuery } from './api';
import { CARTAGE_PATHS } from './paths';
import { samplePriceText } from './preview';

export interface CartageTemplateFieldProps {
  value: number | null;
  onChange: (templateId: number | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  testId?: string;
}

/** Templates one store keeps: the picker asks for them all at once (the largest page the contracts allow). */
const ALL_TEMPLATES = { pageNum: 1, pageSize: 200 } as const;
const NONE = '';

export function CartageTemplateField({ value, onChange, onBlur, error, helperText, testId = 'release-cartage' }: CartageTemplateFieldProps) {
  const { t } = useTranslation();
  const templates = useCartageTemplateListQuery(ALL_TEMPLATES);
  const rows = templates.data?.list ?? [];
  const chosen = rows.find((row) => row.templateId === value);
  // A stored id the list does not hold (deleted since) stays visible as its number.
  const unknown = value !== null && !templates.isLoading && !chosen;
  const price = (row: (typeof rows)[number]) => samplePriceText(row, t, 'shopCartage.picker.tooFar');
  const hint = chosen ? t('shopCartage.picker.hint', { price: price(chosen) }) : t('shopCartage.picker.noneHint');
  return (
    <TextField
      select
      label={t('shopCartage.picker.label')}
      value={value === null ? NONE : String(value)}
      onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
      onBlur={onBlur}
      error={error}
      helperText={
        <>
          {helperText || hint}{' '}
          <Link component={RouterLink} to={CARTAGE_PATHS.list}>
            {t('shopCartage.picker.manage')}
          </Link>
        </>
      }
      slotProps={{ htmlInput: { 'data-testid': testId }, select: { SelectDisplayProps: { 'data-testid': `${testId}-select` } as never }, formHelperText: { 'data-testid': `${testId}-hint` } as never }}
      sx={{ width: 320 }}
    >
      <MenuItem value={NONE}>{t('shopCartage.picker.none')}</MenuItem>
      {rows.map((row) => (
        <MenuItem key={row.templateId} value={String(row.templateId)}>
          {row.name} · {price(row)}
        </MenuItem>
      ))}
      {unknown && <MenuItem value={String(value)}>#{value}</MenuItem>}
    </TextField>
  );
}
