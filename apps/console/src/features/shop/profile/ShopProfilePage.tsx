// /shop/shopMsg/shopMssage (issue 26 §1): the shop's data grouped — store, licence, legal person, business
// categories, contact, logo, introduction — as store-server answers it (phones and the ID number already
// masked to the first 3 and last 4 there). Editing the at-once fields needs shop:edit.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, PRINCIPAL_TYPE_LABELS, STORE_INFO_CHANGE_STATUS_LABELS, STORE_STATUS_LABELS, STORE_TYPE_LABELS, labelOf } from '@merchant/api-contracts';
import { PermissionButton } from '@merchant/ui-kit';
import { formatDate, formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { useCityListQuery } from '../../../app/storeInit';
import { useShopProfileQuery, useStoreInfoChangesQuery, type ShopProfile, type StoreInfoChange } from './api';
import { SHOP_PROFILE_PATHS } from './paths';

type Language = 'zh-CN' | 'en-US';

/** A group of the shop's data; a reviewed group has its change button and shows its latest change beside the data. */
function Section({ id, title, children, action, change }: { id: string; title: string; children: ReactNode; action?: ReactNode; change?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`shop-section-${id}`} data-testid={`shop-section-${id}`} sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h2" variant="subtitle1" id={`shop-section-${id}`} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: change ? '1fr 1fr' : '1fr' }, gap: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1, alignContent: 'start' }}>
          {children}
        </Box>
        {change}
      </Box>
    </Box>
  );
}

const CHANGE_SEVERITY = { 1: 'warning', 2: 'success', 3: 'error' } as const;
const CHANGE_TITLE = { 1: 'pendingTitle', 2: 'approvedTitle', 3: 'rejectedTitle' } as const;

/** The latest reviewed change of a group: what was asked, its review state and any rejection reason. */
function ChangeBeside({ change, rows, language }: { change: StoreInfoChange | undefined; rows: (change: StoreInfoChange) => ReactNode; language: Language }) {
  const { t } = useTranslation();
  if (!change) return null;
  return (
    <Alert severity={CHANGE_SEVERITY[change.status]} icon={false} data-testid={`shop-change-${change.kind}`} aria-label={t(`shopProfile.review.${CHANGE_TITLE[change.status]}`)}>
      <AlertTitle>
        {t(`shopProfile.review.${CHANGE_TITLE[change.status]}`)}{' '}
        <Chip size="small" label={labelOf(STORE_INFO_CHANGE_STATUS_LABELS, change.status, language)} data-testid={`shop-change-${change.kind}-status`} />
      </AlertTitle>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {rows(change)}
      </Box>
      {change.rejectReason && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid={`shop-change-${change.kind}-reason`}>
          {t('shopProfile.review.reason', { reason: change.rejectReason })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" data-testid={`shop-change-${change.kind}-asked`}>
        {t('shopProfile.review.askedAt', { id: change.changeId, time: formatSecondsTimestamp(change.createTime) })}
      </Typography>
    </Alert>
  );
}

/** The licence image, opening full size; an image that cannot be loaded leaves its link in words rather than a broken picture. */
function LicenseImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={broken ? undefined : t('shopProfile.view.viewImage')}>
      {broken ? t('shopProfile.view.viewImage') : <Box component="img" src={url} alt={alt} onError={() => setBroken(true)} sx={{ maxWidth: 240, maxHeight: 160, border: 1, borderColor: 'divider', borderRadius: 1 }} />}
    </Link>
  );
}

function ChangeButton({ to, permission, testId }: { to: string; permission: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PermissionButton size="small" variant="outlined" permission={permission} onClick={() => void navigate(to)} data-testid={testId}>
      {t('shopProfile.review.change')}
    </PermissionButton>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const empty = value === '' || value === null || value === undefined;
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId} color={empty ? 'text.disabled' : undefined}>
        {empty ? t('shopProfile.view.empty') : value}
      </Typography>
    </>
  );
}

export function ShopProfilePage() {
  const shop = useShopProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const changes = useStoreInfoChangesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (shop.isLoading || changes.isLoading) return <PageLoading />;
  if (!shop.data) return <PageError error={shop.error} onRetry={shop.refetch} />;
  return <ShopProfileView shop={shop.data} changes={changes.data?.list ?? []} />;
}

function ShopProfileView({ shop, changes }: { shop: ShopProfile; changes: readonly StoreInfoChange[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Language;
  const cities = useCityListQuery();
  const city = cities.data?.find((entry) => entry.cityCode === shop.cityCode)?.cityName ?? shop.cityCode;
  const field = (name: string) => t(`shopProfile.view.field.${name}`);
  const day = (seconds: number | null) => (seconds === null ? t('shopProfile.view.longTerm') : formatDate(seconds));
  const latest = (kind: StoreInfoChange['kind']) => changes.find((change) => change.kind === kind);
  const asked = (change: StoreInfoChange, name: string) => change.changes[name];
  const licenseImage = (url: string) => <LicenseImage url={url} alt={field('licenseImage')} />;
  const categoryChips = (categories: readonly { categoryId: number; categoryName: string }[]) =>
    categories.length > 0 && (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
        {categories.map((category) => (
          <Chip key={category.categoryId} label={category.categoryName} size="small" component="span" />
        ))}
      </Stack>
    );

  return (
    <Paper sx={{ p: 3, maxWidth: 960 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography component="h1" variant="h5">
          {t('shopProfile.view.heading')}
        </Typography>
        <PermissionButton variant="contained" permission={PERMISSIONS.shopEdit} onClick={() => void navigate(SHOP_PROFILE_PATHS.edit)} data-testid="shop-profile-edit">
          {t('shopProfile.view.edit')}
        </PermissionButton>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('shopProfile.view.atOnceHint')}
      </Typography>

      <Section
        id="store"
        title={t('shopProfile.view.sections.store')}
        action={<ChangeButton to={SHOP_PROFILE_PATHS.store} permission={PERMISSIONS.shopEdit} testId="shop-change-store-open" />}
        change={<ChangeBeside change={latest('store')} language={language} rows={(change) => <Row label={field('storeName')} value={String(asked(change, 'storeName') ?? '')} testId="shop-change-store-storeName" />} />}
      >
        <Row label={field('storeName')} value={shop.storeName} testId="shop-profile-storeName" />
        <Row label={field('storeType')} value={labelOf(STORE_TYPE_LABELS, shop.storeType, language)} testId="shop-profile-storeType" />
        <Row label={field('storeStatus')} value={labelOf(STORE_STATUS_LABELS, shop.storeStatus, language)} testId="shop-profile-storeStatus" />
        <Row label={field('principalType')} value={shop.principalType === null ? '' : labelOf(PRINCIPAL_TYPE_LABELS, shop.principalType, language)} testId="shop-profile-principalType" />
        <Row label={field('city')} value={city} testId="shop-profile-city" />
        <Row label={field('address')} value={shop.address} testId="shop-profile-address" />
      </Section>

      <Section
        id="license"
        title={t('shopProfile.view.sections.license')}
        action={<ChangeButton to={SHOP_PROFILE_PATHS.storeLicense} permission={PERMISSIONS.shopEdit} testId="shop-change-license-open" />}
        change={
          <ChangeBeside
            change={latest('license')}
            language={language}
            rows={(change) => (
              <>
                <Row label={field('licenseNumber')} value={String(asked(change, 'licenseNumber') ?? '')} testId="shop-change-license-licenseNumber" />
                <Row label={field('licenseImage')} value={typeof asked(change, 'licenseImageUrl') === 'string' && licenseImage(asked(change, 'licenseImageUrl') as string)} testId="shop-change-license-image" />
                <Row label={field('licenseExpire')} value={day(typeof asked(change, 'licenseExpireTime') === 'number' ? (asked(change, 'licenseExpireTime') as number) : null)} testId="shop-change-license-expire" />
              </>
            )}
          />
        }
      >
        <Row label={field('licenseNumber')} value={shop.licenseNumber} testId="shop-profile-licenseNumber" />
        <Row
          label={field('licenseImage')}
          value={shop.licenseImageUrl && licenseImage(shop.licenseImageUrl)}
          testId="shop-profile-licenseImage"
        />
        <Row label={field('licenseExpire')} value={day(shop.licenseExpireTime)} testId="shop-profile-licenseExpire" />
        {shop.brandName && (
          <>
            <Row label={field('brandName')} value={shop.brandName} testId="shop-profile-brandName" />
            <Row label={field('brandExpire')} value={day(shop.brandExpireTime)} testId="shop-profile-brandExpire" />
          </>
        )}
      </Section>

      <Section
        id="legalPerson"
        title={t('shopProfile.view.sections.legalPerson')}
        action={<ChangeButton to={SHOP_PROFILE_PATHS.legalPerson} permission={PERMISSIONS.shopEdit} testId="shop-change-legalPerson-open" />}
        change={
          <ChangeBeside
            change={latest('legalPerson')}
            language={language}
            rows={(change) => (
              <>
                <Row label={field('legalPersonName')} value={String(asked(change, 'legalPersonName') ?? '')} testId="shop-change-legalPerson-name" />
                <Row label={field('legalPersonIdNumber')} value={String(asked(change, 'legalPersonIdNumber') ?? '')} testId="shop-change-legalPerson-idNumber" />
              </>
            )}
          />
        }
      >
        <Row label={field('legalPersonName')} value={shop.legalPersonName} testId="shop-profile-legalPersonName" />
        <Row label={field('legalPersonIdNumber')} value={shop.legalPersonIdNumber} testId="shop-profile-legalPersonIdNumber" />
      </Section>

      <Section
        id="categories"
        title={t('shopProfile.view.sections.categories')}
        action={<ChangeButton to={SHOP_PROFILE_PATHS.jyEdit} permission={PERMISSIONS.shopCategories} testId="shop-change-categories-open" />}
        change={<ChangeBeside change={latest('categories')} language={language} rows={(change) => <Row label={t('shopProfile.view.sections.categories')} value={categoryChips(change.categories)} testId="shop-change-categories-list" />} />}
      >
        <Row label={t('shopProfile.view.sections.categories')} value={categoryChips(shop.categories)} testId="shop-profile-categories" />
      </Section>

      <Section id="contact" title={t('shopProfile.view.sections.contact')}>
        <Row label={field('contactName')} value={shop.contactName} testId="shop-profile-contactName" />
        <Row label={field('contactMobile')} value={shop.contactMobile} testId="shop-profile-contactMobile" />
        <Row label={field('mobile')} value={shop.mobile} testId="shop-profile-mobile" />
      </Section>

      <Section id="logo" title={t('shopProfile.view.sections.logo')}>
        <Row
          label={t('shopProfile.view.sections.logo')}
          value={shop.storeLogoUrl && <Box component="img" src={shop.storeLogoUrl} alt={t('shopProfile.view.sections.logo')} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />}
          testId="shop-profile-logo"
        />
      </Section>

      <Section id="intro" title={t('shopProfile.view.sections.intro')}>
        <Row label={t('shopProfile.view.sections.intro')} value={shop.storeIntro} testId="shop-profile-intro" />
      </Section>
    </Paper>
  );
}
