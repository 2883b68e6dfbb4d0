// The reviewed edit screens of the shop profile (issue 26 §1): store (name), storeLicense (number, image from the
// media library, end date), legalPerson and jyEdit (business categories), on the form kit, each checked by its
// contract. Saving asks for the platform's review: the change waits beside the current data on the view.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { storeInfoChangeEndpoints as contracts } from '@merchant/api-contracts';
import { defineResourceForm, useResourceActions, useResourceForm, type ResourceFormDefinition } from '../../../resource-kit';
import { PageError, PageLoading } from '../../../resource-kit/PageStates';
import { ResourceFormFields } from '../../../resource-kit/ResourceFormFields';
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
  const { context } = useResourceActions();
  const [start] = useState(initial);
  const engine = useResourceForm(definition, { initial: start, context, successKey: SUBMITTED, onSaved: () => context.navigate(SHOP_PROFILE_PATHS.view) });
  const heading = t(`shopProfile.review.heading.${kind}`);
  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('shopProfile.review.intro')}
      </Alert>
      {waiting && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="shop-review-waiting">
          {t('shopProfile.review.alreadyWaiting')}
        </Alert>
      )}
      <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-label={heading}>
        <ResourceFormFields engine={engine} fields={definition.fields} editing={false} />
        {engine.formProblems.length > 0 && (
          <Alert severity="error" data-testid="resource-form-problems">
            {engine.formProblems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting || waiting} data-testid="shop-review-submit">
            {t('shopProfile.review.submit')}
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
