// /goods/brandApply: a merchant whose brand is not listed applies for it (brand name, when the
// authorisation ends, the authorisation certificate images from the media library). The form is checked
// here and by store-server (brandApply, docs/goods.md "Brand applications"); after submitting, the page
// shows the application id under review, and below the store's applications with their review state.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BRAND_APPLICATION_STATUS, BRAND_APPLICATION_STATUS_LABELS, BRAND_CERTIFICATES_MAX, isSupportedLanguage, labelOf, type BrandApplicationRow } from '@merchant/api-contracts';
import type { LibraryFile } from '@merchant/media-library';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { isApiError } from '../../../app/transport';
import { MediaPicker, pickerFiles } from '@merchant/media-library/react';
import { mediaApi } from '../../media/api';
import { useMediaUpload } from '../../media/useMediaUpload';
import { useApplyBrandMutation, useBrandApplicationsQuery, type BrandApplyAnswer } from './api';
import { GOODS_LIMITS } from './contract';
import { errorText } from './formText';

const V = 'goodsRelease.validation';
/** Up to 3 certificate images (front, back, an extension page): the contract's limit. */
export { BRAND_CERTIFICATES_MAX };
const STATUS_COLOURS = { [BRAND_APPLICATION_STATUS.underReview]: 'info', [BRAND_APPLICATION_STATUS.approved]: 'success', [BRAND_APPLICATION_STATUS.rejected]: 'error' } as const;

export const brandApplySchema = z.object({
  brandName: z.string().trim().min(1, `${V}.brandNameRequired`).max(GOODS_LIMITS.brandMax, `${V}.brandMax`),
  brandExpireDate: z
    .string()
    .min(1, `${V}.brandExpireRequired`)
    .refine((text) => dayjs(text).isValid() && dayjs(text).isAfter(dayjs(), 'day'), `${V}.brandExpirePast`),
  certificates: z.array(z.custom<LibraryFile>()).min(1, `${V}.brandLogoRequired`).max(BRAND_CERTIFICATES_MAX),
});
export type BrandApplyValues = z.infer<typeof brandApplySchema>;

export function BrandApplyPage() {
  const { t, i18n } = useTranslation();
  const language = isSupportedLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const upload = useMediaUpload();
  const [applyBrand, applying] = useApplyBrandMutation();
  const [submitted, setSubmitted] = useState<BrandApplyAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<BrandApplyValues>({
    resolver: zodResolver(brandApplySchema),
    defaultValues: { brandName: '', brandExpireDate: '', certificates: [] },
  });
  const statusText = (status: number) => labelOf(BRAND_APPLICATION_STATUS_LABELS, status, language);
  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    setSubmitted(null);
    try {
      const answer = await applyBrand({
        brandName: values.brandName.trim(),
        brandExpireDate: values.brandExpireDate,
        certificateFileIds: values.certificates.map((file) => Number(file.fileId)),
      }).unwrap();
      setSubmitted(answer);
      reset();
    } catch (error) {
      // store-server writes msg in the console's language and names the rule at fault.
      setRefusal(isApiError(error) ? error.msg || error.code : t('goodsRelease.notice.unknownError'));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-labelledby="brand-apply-heading">
        <Typography id="brand-apply-heading" variant="h5" component="h1">
          {t('goodsRelease.brand.title')}
        </Typography>
        <Typography color="text.secondary">{t('goodsRelease.brand.intro')}</Typography>
        <Controller
          control={control}
          name="brandName"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              required
              label={t('goodsRelease.brand.name')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) || ' '}
              slotProps={{ htmlInput: { maxLength: GOODS_LIMITS.brandMax } }}
            />
          )}
        />
        <Controller
          control={control}
          name="brandExpireDate"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              required
              type="date"
              label={t('goodsRelease.brand.expire')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) || ' '}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 240 }}
            />
          )}
        />
        <Controller
          control={control}
          name="certificates"
          render={({ field, fieldState }) => (
            <Stack spacing={1} role="group" aria-labelledby="brand-certificates-label">
              <FormLabel id="brand-certificates-label" required>
                {t('goodsRelease.brand.logo')}
              </FormLabel>
              <MediaPicker
                value={field.value}
                onChange={(value) => field.onChange(pickerFiles(value))}
                multiple
                limit={BRAND_CERTIFICATES_MAX}
                chooseFileType="img"
                trigger="card"
                endpoint={mediaApi.endpoints.mediaFiles}
                upload={upload.picker}
                onNotice={upload.onNotice}
              />
              {fieldState.error && <FormHelperText error>{errorText(t, fieldState.error.message)}</FormHelperText>}
            </Stack>
          )}
        />
        {submitted && (
          <Alert severity="success" role="status" data-testid="brand-apply-submitted">
            {t('goodsRelease.brand.submitted')}
            {' · '}
            {t('goodsRelease.brand.submittedId', { id: submitted.applicationId, status: statusText(submitted.status) })}
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" role="alert" data-testid="brand-apply-refusal">
            {t('goodsRelease.brand.refused', { msg: refusal })}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={applying.isLoading} data-testid="brand-apply-submit">
            {applying.isLoading ? t('goodsRelease.brand.submitting') : t('goodsRelease.brand.submit')}
          </Button>
        </Stack>
      </Stack>
      <BrandApplications statusText={statusText} />
    </Paper>
  );
}

/** The store's applications, newest first: status, and the platform's reason for a rejection. */
function BrandApplications({ statusText }: { statusText: (status: number) => string }) {
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
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
