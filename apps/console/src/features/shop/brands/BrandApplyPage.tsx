// /shop/brandQuery/BrandApply (and /goods/brandApply, the same screen): a merchant applies for a brand (brand name,
// its owner, the authorisation chain down to the shop, when the authorisation ends, the authorisation certificate
// images from the media library). The form is the kit's engine checked by the contract's brandApplyBiz (store-server
// checks the same, and refuses today or a past day on its field by its own clock: docs/merchant-centre.md "Brands");
// after submitting, the page shows the application id, submitted, and below the store's applications with their state.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND_APPLICATION_STATUS, BRAND_APPLICATION_STATUS_LABELS, BRAND_CERTIFICATES_MAX, brandApplyBiz, brandEndpoints, isSupportedLanguage, labelOf, type BrandApplicationRow } from '@merchant/api-contracts';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { isApiError } from '../../../app/transport';
import { defineResourceForm, textFieldProps, useFieldControl, useResourceActions, useResourceForm, type ResourceFormInputProps } from '../../../resource-kit';
import type { MediaRef } from '../../../resource-kit/fields/MediaValue';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import { brandsApi, useBrandApplicationsQuery, type BrandApplyAnswer } from './api';
import { brandDetailsPath } from './paths';

/** Up to 3 certificate images (front, back, an extension page): the contract's limit. */
export { BRAND_CERTIFICATES_MAX };
export const STATUS_COLOURS = {
  [BRAND_APPLICATION_STATUS.submitted]: 'default',
  [BRAND_APPLICATION_STATUS.underReview]: 'info',
  [BRAND_APPLICATION_STATUS.approved]: 'success',
  [BRAND_APPLICATION_STATUS.rejected]: 'error',
  [BRAND_APPLICATION_STATUS.expired]: 'warning',
} as const;

/** The chain is typed one company per line (the contract's list, owner first). */
type Values = { brandName: string; brandOwner: string; authorisationChain: string; brandExpireDate: string; certificateFileIds: MediaRef[] };
const chainOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** The day the authorisation ends, as the browser's date input gives it ('YYYY-MM-DD', the contract's form). */
function ExpireDateInput({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  return (
    <TextField
      {...textFieldProps(control, { required, disabled })}
      type="date"
      fullWidth={false}
      value={control.value as string}
      onChange={(event) => control.onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 240 }}
    />
  );
}

export const brandApplyForm = defineResourceForm<Values>({
  schema: brandApplyBiz,
  // Nothing chosen yet reads "choose …"; the certificates are picked as media-library files and sent by their fileId.
  toBiz: ({ brandName, brandOwner, authorisationChain, brandExpireDate, certificateFileIds }) => ({
    brandName,
    brandOwner,
    authorisationChain: chainOf(authorisationChain),
    brandExpireDate: brandExpireDate || undefined,
    certificateFileIds: certificateFileIds.length === 0 ? undefined : certificateFileIds.map((file) => file.fileId),
  }),
  defaults: { brandName: '', brandOwner: '', authorisationChain: '', brandExpireDate: '', certificateFileIds: [] },
  fields: [
    { name: 'brandName', labelKey: 'goodsRelease.brand.name', kind: 'text' },
    { name: 'brandOwner', labelKey: 'shopBrands.field.owner', kind: 'text' },
    { name: 'authorisationChain', labelKey: 'shopBrands.field.chain', kind: 'textarea', helperKey: 'shopBrands.field.chainHint' },
    { name: 'brandExpireDate', labelKey: 'goodsRelease.brand.expire', kind: 'date', picked: true, input: ExpireDateInput },
    { name: 'certificateFileIds', labelKey: 'goodsRelease.brand.logo', kind: 'media', media: { multiple: true, limit: BRAND_CERTIFICATES_MAX, chooseFileType: 'img' } },
  ],
  // The chain and the certificates are sent as lists: a problem with one entry (`authorisationChain.1`) is its field's.
  fromWirePath: (path) => /^(authorisationChain|certificateFileIds)\b/.exec(path)?.[1] ?? path,
  create: { endpoint: brandsApi.endpoints.applyBrand as never, contract: brandEndpoints.brandApply },
  // The page's own status line replaces the success notice; a refusal says the server's msg in the form.
  successKey: null,
  describeFailure: (error, t) => t('goodsRelease.brand.refused', { msg: isApiError(error) ? error.msg || error.code : t('goodsRelease.notice.unknownError') }),
});

export function BrandApplyPage() {
  const { t, i18n } = useTranslation();
  const language = isSupportedLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const actions = useResourceActions();
  const { context } = actions;
  const [submitted, setSubmitted] = useState<BrandApplyAnswer | null>(null);
  const engine = useResourceForm(brandApplyForm, {
    initial: brandApplyForm.defaults,
    context,
    // Unused: the definition's successKey (null) wins, since the page's status line says it.
    successKey: 'resourceKit.saved',
    onSaved: (answer) => {
      setSubmitted(answer as BrandApplyAnswer);
      engine.form.reset(brandApplyForm.defaults);
    },
  });
  const statusText = (status: number) => labelOf(BRAND_APPLICATION_STATUS_LABELS, status, language);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => {
          setSubmitted(null);
          return engine.submit(event);
        }}
        aria-labelledby="brand-apply-heading">
        <Typography id="brand-apply-heading" variant="h5" component="h1">
          {t('goodsRelease.brand.title')}
        </Typography>
        <Typography color="text.secondary">{t('goodsRelease.brand.intro')}</Typography>
        <ResourceFormFields engine={engine} fields={brandApplyForm.fields} editing={false} />
        {submitted && (
          <Alert severity="success" role="status" data-testid="brand-apply-submitted">
            {t('goodsRelease.brand.submitted')}
            {' · '}
            {t('goodsRelease.brand.submittedId', { id: submitted.applicationId, status: statusText(submitted.status) })}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={engine.submitting} data-testid="brand-apply-submit">
            {engine.submitting ? t('goodsRelease.brand.submitting') : t('goodsRelease.brand.submit')}
          </Button>
        </Stack>
      </Stack>
      {engine.question}
      {actions.dialogs}
      <BrandApplications statusText={statusText} />
    </Paper>
  );
}

/** The store's applications, newest first: status, and the platform's reason for a rejection; each opens its details. */
export function BrandApplications({ statusText }: { statusText: (status: number) => string }) {
  const { t } = useTranslation();
  const { data, isError, isLoading } = useBrandApplicationsQuery();
  const rows: BrandApplicationRow[] = data ?? [];
  return (
    <Stack component="section" spacing={1} sx={{ mt: 4 }} aria-labelledby="brand-applications-heading">
      <Typography id="brand-applications-heading" variant="h6" component="h2">
        {t('goodsRelease.brand.list')}
      </Typography>
      {isError && <Alert severity="error">{t('goodsRelease.brand.loadFailed')}</Alert>}
      {!isLoading && !isError && rows.length === 0 && <Typography color="text.secondary">{t('goodsRelease.brand.none')}</Typography>}
      {rows.length > 0 && (
        <Table size="small" aria-labelledby="brand-applications-heading" data-testid="brand-applications">
          <TableHead>
            <TableRow>
              <TableCell>{t('goodsRelease.brand.columns.name')}</TableCell>
              <TableCell>{t('goodsRelease.brand.columns.expire')}</TableCell>
              <TableCell>{t('goodsRelease.brand.columns.status')}</TableCell>
              <TableCell>{t('goodsRelease.brand.columns.reason')}</TableCell>
              <TableCell>{t('goodsRelease.brand.columns.createTime')}</TableCell>
              <TableCell>{t('shopBrands.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.applicationId} data-testid="brand-application-row">
                <TableCell>{row.brandName}</TableCell>
                <TableCell>{row.brandExpireDate}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOURS[row.status] ?? 'default'} label={statusText(row.status)} />
                </TableCell>
                <TableCell>{row.rejectReason || '—'}</TableCell>
                <TableCell>{formatSecondsTimestamp(row.createTime)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={brandDetailsPath(row.applicationId)} aria-label={`${t('shopBrands.query.details')} ${row.brandName}`}>
                    {t('shopBrands.query.details')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
