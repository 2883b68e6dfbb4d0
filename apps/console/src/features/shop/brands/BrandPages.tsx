// /shop/brandQuery (the store's applications, each opening its details), BrandApply details (one application: owner,
// chain, end day, certificates, state and the platform's reason) and /shop/brandManagement (+detail): the approved
// brands the store may sell, soonest end first, those 0 to 60 days from it flagged (docs/merchant-centre.md "Brands").
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BRAND_APPLICATION_STATUS, BRAND_APPLICATION_STATUS_LABELS, isSupportedLanguage, labelOf, type BrandApplicationRow } from '@merchant/api-contracts';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { useBrandApplicationDetailQuery, useBrandManagementQuery } from './api';
import { BrandApplications, STATUS_COLOURS } from './BrandApplyPage';
import { BRAND_APPLY_ADD_PATH, BRAND_MANAGEMENT_PATH, BRAND_QUERY_PATH, brandManagementDetailPath } from './paths';

function useStatusText() {
  const { i18n } = useTranslation();
  const language = isSupportedLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (status: number) => labelOf(BRAND_APPLICATION_STATUS_LABELS, status, language);
}

export function BrandQueryPage() {
  const { t } = useTranslation();
  const statusText = useStatusText();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('shopBrands.query.heading')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={BRAND_APPLY_ADD_PATH} data-testid="brand-query-add">
          {t('shopBrands.query.add')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('shopBrands.query.intro')}
      </Typography>
      <BrandApplications statusText={statusText} />
    </Paper>
  );
}

function ExpiryChip({ row }: { row: BrandApplicationRow }) {
  const { t } = useTranslation();
  if (!row.expiringSoon) return <span>{t('shopBrands.management.daysLeft', { days: row.daysLeft })}</span>;
  return <Chip size="small" color="warning" label={`${t('shopBrands.management.expiringSoon')} · ${t('shopBrands.management.daysLeft', { days: row.daysLeft })}`} data-testid="brand-expiring-soon" />;
}

export function BrandManagementPage() {
  const { t } = useTranslation();
  const [expiringSoon, setExpiringSoon] = useState(false);
  const { data, isError, isLoading } = useBrandManagementQuery({ expiringSoon });
  const rows = data?.list ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="brand-management-heading" variant="h5" component="h1">
        {t('shopBrands.management.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('shopBrands.management.intro')}
      </Typography>
      <FormControlLabel control={<Switch checked={expiringSoon} onChange={(event) => setExpiringSoon(event.target.checked)} />} label={t('shopBrands.management.onlySoon')} />
      {isError && <Alert severity="error">{t('goodsRelease.brand.loadFailed')}</Alert>}
      {!isLoading && !isError && rows.length === 0 && <Typography color="text.secondary">{t('shopBrands.management.none')}</Typography>}
      {rows.length > 0 && (
        <Table size="small" aria-labelledby="brand-management-heading" data-testid="brand-management">
          <TableHead>
            <TableRow>
              <TableCell>{t('goodsRelease.brand.columns.name')}</TableCell>
              <TableCell>{t('shopBrands.column.owner')}</TableCell>
              <TableCell>{t('goodsRelease.brand.columns.expire')}</TableCell>
              <TableCell>{t('shopBrands.column.daysLeft')}</TableCell>
              <TableCell>{t('shopBrands.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.applicationId} data-testid="brand-management-row">
                <TableCell>{row.brandName}</TableCell>
                <TableCell>{row.brandOwner || '—'}</TableCell>
                <TableCell>{row.brandExpireDate}</TableCell>
                <TableCell>
                  <ExpiryChip row={row} />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={brandManagementDetailPath(row.applicationId)} aria-label={`${t('shopBrands.management.detail')} ${row.brandName}`}>
                    {t('shopBrands.management.detail')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** One application by ?applicationId= (BrandApply details and brandManagement detail show the same record). */
function BrandDetail({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  const statusText = useStatusText();
  const [params] = useSearchParams();
  const applicationId = Number(params.get('applicationId'));
  const valid = Number.isInteger(applicationId) && applicationId > 0;
  const { data, isError, isLoading } = useBrandApplicationDetailQuery(applicationId, { skip: !valid });
  const rows: Array<[string, React.ReactNode]> = data
    ? [
        [t('goodsRelease.brand.columns.name'), data.brandName],
        [t('shopBrands.column.owner'), data.brandOwner || '—'],
        [t('shopBrands.field.chain'), data.authorisationChain.length > 0 ? data.authorisationChain.join(' → ') : '—'],
        [t('goodsRelease.brand.columns.expire'), data.brandExpireDate],
        ...(data.status === BRAND_APPLICATION_STATUS.approved ? [[t('shopBrands.column.daysLeft'), <ExpiryChip row={data} />] as [string, React.ReactNode]] : []),
        [t('goodsRelease.brand.columns.status'), <Chip size="small" color={STATUS_COLOURS[data.status] ?? 'default'} label={statusText(data.status)} />],
        [t('goodsRelease.brand.columns.reason'), data.rejectReason || '—'],
        [t('goodsRelease.brand.columns.createTime'), formatSecondsTimestamp(data.createTime)],
        [t('shopBrands.detail.reviewTime'), data.reviewTime ? formatSecondsTimestamp(data.reviewTime) : t('shopBrands.detail.notReviewed')],
      ]
    : [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
      <Typography variant="h5" component="h1">
        {t('shopBrands.detail.heading', { id: valid ? applicationId : '' })}
      </Typography>
      {(!valid || isError) && <Alert severity="error" sx={{ mt: 2 }}>{t('shopBrands.detail.notFound')}</Alert>}
      {valid && !isLoading && data && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Table size="small" data-testid="brand-detail">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: 200 }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="h6" component="h2">
            {t('shopBrands.detail.certificates')}
          </Typography>
          <Stack direction="row" spacing={1}>
            {data.certificates.map((file, index) => (
              <img key={file.fileId} src={file.objectUrl} alt={`${t('shopBrands.detail.certificates')} ${index + 1}`} style={{ maxWidth: 200, maxHeight: 200, objectFit: 'contain' }} />
            ))}
          </Stack>
        </Stack>
      )}
      <Button component={RouterLink} to={backTo} sx={{ mt: 2 }}>
        {t('shopBrands.detail.back')}
      </Button>
    </Paper>
  );
}

export const BrandDetailsPage = () => <BrandDetail backTo={BRAND_QUERY_PATH} />;
export const BrandManagementDetailPage = () => <BrandDetail backTo={BRAND_MANAGEMENT_PATH} />;
