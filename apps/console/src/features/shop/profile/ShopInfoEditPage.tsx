// /shop/shopMsg/shopMssage/edit (issue 26 §1): the fields that take effect at once — logo (picked in the media
// library), introduction, address and contact — on the form kit, checked by the updateStoreInfo contract. The
// contact mobile arrives masked, so the box starts empty and an empty box keeps the current number.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORE_INTRO_MAX, accountEndpoints } from '@merchant/api-contracts';
import { defineResourceForm, useResourceActions, useResourceForm } from '../../../resource-kit';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
import type { MediaRef } from '../../../resource-kit/fields/MediaValue';
import { shopProfileApi, useShopProfileQuery, type ShopProfile } from './api';
import { SHOP_PROFILE_PATHS } from './paths';

export interface ShopInfoEditValues extends Record<string, unknown> {
  storeLogoUrl: MediaRef | null;
  storeIntro: string;
  address: string;
  contactName: string;
  contactMobile: string;
}

/** The values as updateStoreInfo takes them: the logo's address; an empty mobile (or no logo) keeps what is stored. */
export function shopInfoEditBiz(values: ShopInfoEditValues) {
  return {
    storeLogoUrl: values.storeLogoUrl?.objectUrl,
    storeIntro: values.storeIntro,
    address: values.address,
    contactName: values.contactName,
    contactMobile: values.contactMobile === '' ? undefined : values.contactMobile,
  };
}

export const shopInfoEditForm = defineResourceForm<ShopInfoEditValues>({
  schema: accountEndpoints.updateStoreInfo.biz,
  toBiz: shopInfoEditBiz,
  defaults: { storeLogoUrl: null, storeIntro: '', address: '', contactName: '', contactMobile: '' },
  fields: [
    { name: 'storeLogoUrl', labelKey: 'shopProfile.edit.storeLogoUrl', kind: 'media', media: { limit: 1, chooseFileType: 'img' }, helperKey: 'shopProfile.edit.storeLogoHelp' },
    { name: 'storeIntro', labelKey: 'shopProfile.edit.storeIntro', kind: 'textarea', counter: STORE_INTRO_MAX, testId: 'shop-edit-intro' },
    { name: 'address', labelKey: 'shopProfile.edit.address', kind: 'text', required: true, testId: 'shop-edit-address' },
    { name: 'contactName', labelKey: 'shopProfile.edit.contactName', kind: 'text', required: true, testId: 'shop-edit-contact-name' },
    { name: 'contactMobile', labelKey: 'shopProfile.edit.contactMobile', kind: 'phone', helperKey: 'shopProfile.edit.contactMobileHelp', testId: 'shop-edit-contact-mobile' },
  ],
  create: { endpoint: shopProfileApi.endpoints.updateShopProfile as never, contract: accountEndpoints.updateStoreInfo },
});

/** The form's starting values from the shop as shown (the mobile is masked there, so it starts empty). */
export function editValuesOf(shop: ShopProfile): ShopInfoEditValues {
  return {
    storeLogoUrl: shop.storeLogoUrl ? { objectUrl: shop.storeLogoUrl } : null,
    storeIntro: shop.storeIntro,
    address: shop.address,
    contactName: shop.contactName,
    contactMobile: '',
  };
}

export function ShopInfoEditPage() {
  const shop = useShopProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  if (shop.isLoading || shop.isFetching) return <PageLoading />;
  if (!shop.data) return <PageError error={shop.error} onRetry={shop.refetch} />;
  return <ShopInfoEditForm shop={shop.data} />;
}

function ShopInfoEditForm({ shop }: { shop: ShopProfile }) {
  const { t } = useTranslation();
  const { context } = useResourceActions();
  const [initial] = useState(() => editValuesOf(shop));
  const engine = useResourceForm(shopInfoEditForm, {
    initial,
    context,
    successKey: 'resourceKit.modified',
    onSaved: () => context.navigate(SHOP_PROFILE_PATHS.view),
  });
  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('shopProfile.edit.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('shopProfile.edit.intro')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-label={t('shopProfile.edit.heading')}>
        <ResourceFormFields engine={engine} fields={shopInfoEditForm.fields} editing={false} />
        {shop.contactMobile && (
          <Typography variant="body2" color="text.secondary" data-testid="shop-edit-current-mobile">
            {t('shopProfile.edit.currentContactMobile', { mobile: shop.contactMobile })}
          </Typography>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="shop-edit-save">
            {t('shopProfile.edit.save')}
          </Button>
          <Button component={RouterLink} to={SHOP_PROFILE_PATHS.view}>
            {t('shopProfile.edit.back')}
          </Button>
        </Stack>
      </Stack>
      {engine.question}
    </Paper>
  );
}
