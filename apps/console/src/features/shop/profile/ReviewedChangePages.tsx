// The reviewed edit screens of the shop profile (issue 26 §1): store (name), storeLicense (number, image from the
// media library, end date), legalPerson and jyEdit (business categories), on the form kit, each checked by its
// contract. Saving asks for the platform's review: the change waits beside the current data on the view.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { storeInfoChangeEndpoints as contracts } from '@merchant/api-contracts';
import { ResourceFormScreen, defineResourceForm, type ResourceFormDefinition } from '../../../resource-kit';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import type { MediaRef } from '../../../resource-kit/fields/MediaValue';
import { DayInput } from '../../registered/components/DayInput';
import { CategoriesInput } from '../../registered/ShopMsgPage';
import { dateToSeconds, secondsToDate } from '../../registered/storeInfoSchema';
import { shopProfileApi, useShopProfileQuery, useStoreInfoChangesQuery, type ShopProfile } from './api';
import { SHOP_PROFILE_PATHS } from './paths';

type Values = Record<string, unknown>;
const SUBMITTED = 'shopProfile.review.submitted';

export const storeNameForm = defineResourceForm<{ storeName: string }>({
  schema: contracts.applyStoreNameChange.biz,
  defaults: { storeName: '' },
  fields: [{ name: 'storeName', labelKey: 'shopProfile.view.field.storeName', kind: 'text', testId: 'shop-review-storeName' }],
  create: { endpoint: shopProfileApi.endpoints.applyStoreNameChange as never, contract: contracts.applyStoreNameChange },
});

interface LicenseValues extends Values {
  licenseNumber: string;
  licenseImageUrl: MediaRef | null;
  licenseExpireDate: string;
}
/** The licence as the contract takes it: the image's address, the end day as seconds at its end. */
export const licenseBiz = ({ licenseNumber, licenseImageUrl, licenseExpireDate }: LicenseValues) => ({
  licenseNumber,
  licenseImageUrl: licenseImageUrl?.objectUrl ?? '',
  licenseExpireTime: licenseExpireDate ? dateToSeconds(licenseExpireDate) : undefined,
});
export const licenseForm = defineResourceForm<LicenseValues>({
  schema: contracts.applyStoreLicenseChange.biz,
  toBiz: licenseBiz,
  fromWirePath: (path) => (path === 'licenseExpireTime' ? 'licenseExpireDate' : path),
  defaults: { licenseNumber: '', licenseImageUrl: null, licenseExpireDate: '' },
  fields: [
    { name: 'licenseNumber', labelKey: 'shopProfile.view.field.licenseNumber', kind: 'text', testId: 'shop-review-licenseNumber' },
    { name: 'licenseImageUrl', labelKey: 'shopProfile.view.field.licenseImage', kind: 'media', picked: true, media: { limit: 1, chooseFileType: 'img' } },
    { name: 'licenseExpireDate', labelKey: 'shopProfile.view.field.licenseExpire', kind: 'date', helperKey: 'shopProfile.review.licenseExpireHelp', input: DayInput, testId: 'shop-review-licenseExpire' },
  ],
  create: { endpoint: shopProfileApi.endpoints.applyStoreLicenseChange as never, contract: contracts.applyStoreLicenseChange },
});

export const legalPersonForm = defineResourceForm<{ legalPersonName: string; legalPersonIdNumber: string }>({
  schema: contracts.applyLegalPersonChange.biz,
  defaults: { legalPersonName: '', legalPersonIdNumber: '' },
  fields: [
    { name: 'legalPersonName', labelKey: 'shopProfile.view.field.legalPersonName', kind: 'text', testId: 'shop-review-legalPersonName' },
    { name: 'legalPersonIdNumber', labelKey: 'shopProfile.view.field.legalPersonIdNumber', kind: 'text', testId: 'shop-review-legalPersonIdNumber' },
  ],
  create: { endpoint: shopProfileApi.endpoints.applyLegalPersonChange as never, contract: contracts.applyLegalPersonChange },
});

export const categoriesForm = defineResourceForm<{ categoryIds: number[] }>({
  schema: contracts.applyStoreCategoriesChange.biz,
  defaults: { categoryIds: [] },
  fields: [{ name: 'categoryIds', labelKey: 'shopProfile.view.sections.categories', kind: 'select', picked: true, testId: 'shop-review-categories', input: CategoriesInput }],
  create: { endpoint: shopProfileApi.endpoints.applyStoreCategoriesChange as never, contract: contracts.applyStoreCategoriesChange },
});

function ReviewedChangePage<V extends Values>({ kind, definition, start }: { kind: string; definition: ResourceFormDefinition<V>; start: (shop: ShopProfile) => V }) {
  const shop = useShopProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const pending = useStoreInfoChangesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (shop.isFetching || pending.isFetching) return <PageLoading />;
  if (!shop.data) return <PageError error={shop.error} onRetry={shop.refetch} />;
  const waiting = pending.data?.list.some((change) => change.kind === kind && change.status === 1) ?? false;
  return <ReviewedChangeForm kind={kind} definition={definition} initial={start(shop.data)} waiting={waiting} />;
}

function ReviewedChangeForm<V extends Values>({ kind, definition, initial, waiting }: { kind: string; definition: ResourceFormDefinition<V>; initial: V; waiting: boolean }) {
  const { t } = useTranslation();
  const [start] = useState(initial);
  return (
    <ResourceFormScreen
      definition={definition}
      initial={start}
      title={t(`shopProfile.review.heading.${kind}`)}
      notices={
        <>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('shopProfile.review.intro')}
          </Alert>
          {waiting && (
            <Alert severity="warning" sx={{ mb: 3 }} data-testid="shop-review-waiting">
              {t('shopProfile.review.alreadyWaiting')}
            </Alert>
          )}
        </>
      }
      submitDisabled={waiting}
      backTo={SHOP_PROFILE_PATHS.view}
      submitKey="shopProfile.review.submit"
      backKey="shopProfile.edit.back"
      successKey={SUBMITTED}
      submitTestId="shop-review-submit"
      maxWidth={720}
    />
  );
}

export const StoreNameChangePage = () => <ReviewedChangePage kind="store" definition={storeNameForm} start={(shop) => ({ storeName: shop.storeName })} />;
export const LicenseChangePage = () => (
  <ReviewedChangePage
    kind="license"
    definition={licenseForm}
    start={(shop) => ({
      licenseNumber: shop.licenseNumber,
      licenseImageUrl: shop.licenseImageUrl ? { objectUrl: shop.licenseImageUrl } : null,
      licenseExpireDate: secondsToDate(shop.licenseExpireTime ?? undefined),
    })}
  />
);
// The ID number arrives masked: the legal person is typed anew.
export const LegalPersonChangePage = () => <ReviewedChangePage kind="legalPerson" definition={legalPersonForm} start={(shop) => ({ legalPersonName: shop.legalPersonName, legalPersonIdNumber: '' })} />;
export const CategoriesChangePage = () => <ReviewedChangePage kind="categories" definition={categoriesForm} start={(shop) => ({ categoryIds: shop.categories.map((category) => category.categoryId) })} />;
