// /shop/shopMsg/shopMssage (issue 26 §1): the shop's data grouped — store, licence, legal person, business
// categories, contact, logo, introduction — as store-server answers it (phones and the ID number already
// masked to the first 3 and last 4 there). Editing the at-once fields needs shop:edit.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, PRINCIPAL_TYPE_LABELS, STORE_STATUS_LABELS, STORE_TYPE_LABELS, labelOf } from '@merchant/api-contracts';
import { PermissionButton } from '@merchant/ui-kit';
import { formatDate } from '@merchant/ui-kit/format';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { useCityListQuery } from '../../../app/storeInit';
import { useShopProfileQuery, type ShopProfile } from './api';
import { SHOP_PROFILE_PATHS } from './paths';

type Language = 'zh-CN' | 'en-US';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`shop-section-${id}`} data-testid={`shop-section-${id}`} sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h2" variant="subtitle1" id={`shop-section-${id}`} sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1 }}>
        {children}
      </Box>
    </Box>
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
  if (shop.isLoading) return <PageLoading />;
  if (!shop.data) return <PageError error={shop.error} onRetry={shop.refetch} />;
  return <ShopProfileView shop={shop.data} />;
}

function ShopProfileView({ shop }: { shop: ShopProfile }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Language;
  const cities = useCityListQuery();
  const city = cities.data?.find((entry) => entry.cityCode === shop.cityCode)?.cityName ?? shop.cityCode;
  const field = (name: string) => t(`shopProfile.view.field.${name}`);
  const day = (seconds: number | null) => (seconds === null ? t('shopProfile.view.longTerm') : formatDate(seconds));

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

      <Section id="store" title={t('shopProfile.view.sections.store')}>
        <Row label={field('storeName')} value={shop.storeName} testId="shop-profile-storeName" />
        <Row label={field('storeType')} value={labelOf(STORE_TYPE_LABELS, shop.storeType, language)} testId="shop-profile-storeType" />
        <Row label={field('storeStatus')} value={labelOf(STORE_STATUS_LABELS, shop.storeStatus, language)} testId="shop-profile-storeStatus" />
        <Row label={field('principalType')} value={shop.principalType === null ? '' : labelOf(PRINCIPAL_TYPE_LABELS, shop.principalType, language)} testId="shop-profile-principalType" />
        <Row label={field('city')} value={city} testId="shop-profile-city" />
        <Row label={field('address')} value={shop.address} testId="shop-profile-address" />
      </Section>

      <Section id="license" title={t('shopProfile.view.sections.license')}>
        <Row label={field('licenseNumber')} value={shop.licenseNumber} testId="shop-profile-licenseNumber" />
        <Row
          label={field('licenseImage')}
          value={
            shop.licenseImageUrl && (
              <Link href={shop.licenseImageUrl} target="_blank" rel="noopener noreferrer" aria-label={t('shopProfile.view.viewImage')}>
                <Box component="img" src={shop.licenseImageUrl} alt={field('licenseImage')} sx={{ maxWidth: 240, maxHeight: 160, border: 1, borderColor: 'divider', borderRadius: 1 }} />
              </Link>
            )
          }
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

      <Section id="legalPerson" title={t('shopProfile.view.sections.legalPerson')}>
        <Row label={field('legalPersonName')} value={shop.legalPersonName} testId="shop-profile-legalPersonName" />
        <Row label={field('legalPersonIdNumber')} value={shop.legalPersonIdNumber} testId="shop-profile-legalPersonIdNumber" />
      </Section>

      <Section id="categories" title={t('shopProfile.view.sections.categories')}>
        <Row
          label={t('shopProfile.view.sections.categories')}
          value={
            shop.categories.length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
                {shop.categories.map((category) => (
                  <Chip key={category.categoryId} label={category.categoryName} size="small" component="span" />
                ))}
              </Stack>
            )
          }
          testId="shop-profile-categories"
        />
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
