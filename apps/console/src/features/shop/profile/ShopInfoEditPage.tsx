// /shop/shopMsg/shopMssage/edit (issue 26 §1): the fields that take effect at once — logo (picked in the media
// library), introduction, address and contact — on the form kit, checked by the updateStoreInfo contract. The
// contact mobile arrives masked, so the box starts empty and an empty box keeps the current number.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { STORE_INTRO_MAX, accountEndpoints } from '@merchant/api-contracts';
import { ResourceFormScreen, defineResourceForm } from '../../../resource-kit';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
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
  const [initial] = useState(() => editValuesOf(shop));
  return (
    <ResourceFormScreen
      definition={shopInfoEditForm}
      initial={initial}
      title={t('shopProfile.edit.heading')}
      intro={t('shopProfile.edit.intro')}
      afterFields={
        shop.contactMobile && (
          <Typography variant="body2" color="text.secondary" data-testid="shop-edit-current-mobile">
            {t('shopProfile.edit.currentContactMobile', { mobile: shop.contactMobile })}
          </Typography>
        )
      }
      backTo={SHOP_PROFILE_PATHS.view}
      submitKey="shopProfile.edit.save"
      backKey="shopProfile.edit.back"
      successKey="resourceKit.modified"
      submitTestId="shop-edit-save"
      maxWidth={720}
    />
  );
}
