// The generated detail screen of a resource (`<detailPath>?id=…`): the fields as a description
// list, statuses as chips, the definition's extra content below, and loading/failure states.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageError, PageLoading } from './PageStates';
import { StatusChip } from './StatusChip';
import { rawText, textContext } from './text';
import type { ResourceDetailDefinition, ResourceField, ResourceTextContext } from './types';

export interface ResourceDetailPageProps<Rec, Arg> {
  resource: { key: string; titleKey: string; listPath: string; detail?: ResourceDetailDefinition<Rec, Arg> };
  /** i18n key of the page title (default: the resource title). */
  titleKey?: string;
}

export function ResourceDetailPage<Rec, Arg>({ resource, titleKey }: ResourceDetailPageProps<Rec, Arg>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const id = useSearchParams()[0].get('id') ?? '';
  const detail = resource.detail!;
  const result = detail.endpoint.useQuery(detail.toArg(id));
  const record = result.currentData ?? result.data;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resource-detail-${resource.key}`}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h1">
            {t(titleKey ?? resource.titleKey)}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => void navigate(resource.listPath)}>
            {t('resourceKit.back')}
          </Button>
        </Stack>
        {!id ? (
          <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
        ) : result.error ? (
          <PageError error={result.error} onRetry={result.refetch} />
        ) : !record ? (
          <PageLoading />
        ) : (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2, m: 0 }}
            >
              {detail.fields.map((field) => (
                <Box key={field.key} sx={{ gridColumn: field.wide ? '1 / -1' : undefined, minWidth: 0 }} data-testid={`detail-${field.key}`}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {t(field.labelKey)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                    <FieldValue field={field} record={record} context={context} />
                  </Typography>
                </Box>
              ))}
            </Box>
            {detail.extra?.(record)}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function FieldValue<Rec>({ field, record, context }: { field: ResourceField<Rec>; record: Rec; context: ResourceTextContext }) {
  if (field.render) return <>{field.render(record, context)}</>;
  if (field.format) return <>{field.format(record, context) || '—'}</>;
  const value = (record as Record<string, unknown>)[field.key];
  if (field.status) return <StatusChip status={field.status} value={value} context={context} />;
  return <>{rawText(value) || '—'}</>;
}
