// /registered/shopMsg (needs a token, console-spec §2) on the form kit: the store information submitted for
// review, checked by the store info contract (errors in the merchant's language, server field problems on
// their fields). It is kept as a server-side draft (temporaryStorageStoreInfo / getStorageStoreInfoByToken),
// so the merchant can leave and come back; "next" saves it and goes to the brand step or the agreement.
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PRINCIPAL_TYPE_LABELS, STORE_TYPE_LABELS } from '@merchant/api-contracts';
import { FormFieldInput } from '../../resource-kit/fields';
import { textFieldProps, useFieldControl } from '../../resource-kit/fields/useFieldControl';
import { textContext } from '../../resource-kit/text';
import { defineResourceForm, type ResourceFormField, type ResourceFormInputProps } from '../../resource-kit/types';
import { useResourceActions } from '../../resource-kit/useResourceActions';
import { useResourceForm } from '../../resource-kit/useResourceForm';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { ShellProviders } from '../../app/ShellProviders';
import { PageLoading } from '../../routes/RootLayout';
import { DASHBOARD_PATH, loginPathFor } from '../../routes/routeDecision';
import { useCategoryTreeQuery, useCityListQuery, type CategoryNode } from '../../app/storeInit';
import { registeredApi, useStartingDraft } from './api';
import { DayInput } from './components/DayInput';
import { OnboardingFrame } from './components/OnboardingFrame';
import {
  MAX_STORE_CATEGORIES,
  PRINCIPAL_TYPES,
  STORE_TYPES,
  draftToForm,
  formToDraft,
  formToWire,
  nextStepAfterShopInfo,
  storeInfoFormSchema,
  type StoreInfoDraft,
  type StoreInfoFormInput,
} from './storeInfoSchema';

/** A store is in a level-2 city (store init's shared city list). */
function CityInput({ field, required, disabled }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const cityList = useCityListQuery();
  const cities = useMemo(() => (cityList.data ?? []).filter((city) => city.level === 2), [cityList.data]);
  const props = textFieldProps(control, { required, disabled });
  return (
    <Autocomplete
      options={cities}
      loading={cityList.isLoading}
      disabled={disabled}
      getOptionLabel={(city) => city.cityName}
      isOptionEqualToValue={(a, b) => a.cityCode === b.cityCode}
      value={cities.find((city) => city.cityCode === control.value) ?? null}
      onChange={(_event, city) => control.onChange(city?.cityCode ?? '')}
      renderInput={(params) => <TextField {...params} {...props} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...props.slotProps.htmlInput } }} />}
    />
  );
}

interface CategoryOption {
  id: number;
  name: string;
  group: string;
}
const flattenCategories = (tree: readonly CategoryNode[]): CategoryOption[] =>
  tree.flatMap((top) => (top.children ?? []).map((leaf) => ({ id: leaf.id, name: leaf.categoryName, group: top.categoryName })));

/** The business categories: level-2 categories, grouped by their level-1 category (also the shop profile's jyEdit). */
export function CategoriesInput({ field, required, disabled }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const tree = useCategoryTreeQuery();
  const categories = useMemo(() => flattenCategories(tree.data ?? []), [tree.data]);
  const chosen = (control.value as number[] | undefined) ?? [];
  const props = textFieldProps(control, { required, disabled });
  return (
    <Autocomplete
      multiple
      options={categories}
      disabled={disabled}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={categories.filter((option) => chosen.includes(option.id))}
      onChange={(_event, picked) => control.onChange(picked.map((option) => option.id))}
      renderInput={(params) => (
        <TextField
          {...params}
          {...props}
          helperText={control.error ?? t('registered.shopMsg.categoriesHelp', { max: MAX_STORE_CATEGORIES })}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, ...props.slotProps.htmlInput } }}
        />
      )}
    />
  );
}

const text = (name: Extract<keyof StoreInfoFormInput, string>, extra: Partial<ResourceFormField> = {}): ResourceFormField => ({
  name,
  labelKey: `registered.shopMsg.${name}`,
  kind: 'text',
  testId: `shop-${name}`,
  ...extra,
});

const FIELDS: readonly ResourceFormField[] = [
  text('storeName'),
  text('storeType', { kind: 'select', options: STORE_TYPES.map((value) => ({ value, label: STORE_TYPE_LABELS.labels[value] })) }),
  text('principalType', { kind: 'select', options: PRINCIPAL_TYPES.map((value) => ({ value, label: PRINCIPAL_TYPE_LABELS.labels[value] })) }),
  text('cityCode', { labelKey: 'registered.shopMsg.city', testId: 'shop-city', picked: true, input: CityInput }),
  text('address'),
  text('contactName'),
  text('contactMobile', { kind: 'phone' }),
  text('legalPersonName'),
  text('legalPersonIdNumber'),
  text('licenseNumber'),
  text('licenseImageUrl', { kind: 'media', picked: true, media: { limit: 1, chooseFileType: 'img' }, helperKey: 'registered.shopMsg.licenseImageHelp' }),
  text('licenseExpireDate', { kind: 'date', helperKey: 'registered.shopMsg.licenseExpireHelp', input: DayInput }),
  text('categoryIds', { labelKey: 'registered.shopMsg.categories', testId: 'shop-categories', picked: true, input: CategoriesInput }),
];
/** The wide fields take both columns. */
const WIDE = new Set(['categoryIds']);

function shopInfoForm(draft: StoreInfoDraft, initial: StoreInfoFormInput) {
  const { licenseExpireTime: _previousEnd, ...kept } = draft;
  return defineResourceForm<StoreInfoFormInput>({
    schema: storeInfoFormSchema,
    defaults: initial,
    fields: FIELDS,
    toBiz: formToWire,
    fromWirePath: (path) => (path === 'licenseExpireTime' ? 'licenseExpireDate' : path),
    // The next step is the answer: no notice.
    successKey: null,
    // Over the stored draft, so the brand step's fields survive; a cleared licence end is cleared there too.
    create: { endpoint: registeredApi.endpoints.saveStoreDraft, toBiz: (checked) => ({ ...kept, ...checked }) },
  });
}

export function ShopMsgPage() {
  const token = useAppSelector((state) => state.auth.token);
  // console-spec §2: without a token this screen sends the visitor to sign in, then to the dashboard.
  if (!token) return <Navigate to={loginPathFor(DASHBOARD_PATH)} replace />;
  return <ShopInfoDraft />;
}

/** The form starts once from the fresh draft; a failed load (its msg already shown) starts from an empty one. */
function ShopInfoDraft() {
  const [searchParams] = useSearchParams();
  const start = useStartingDraft();
  if (!start) return <PageLoading />;
  const chosenType = Number(searchParams.get('storeType'));
  const values = draftToForm(start);
  return <ShopInfoForm draft={start} initial={(STORE_TYPES as readonly number[]).includes(chosenType) ? { ...values, storeType: chosenType } : values} />;
}

function ShopInfoForm({ draft, initial }: { draft: StoreInfoDraft; initial: StoreInfoFormInput }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const actions = useResourceActions();
  const [definition] = useState(() => shopInfoForm(draft, initial));
  const [saving, setSaving] = useState(false);
  const engine = useResourceForm(definition, {
    initial,
    context: actions.context,
    successKey: 'resourceKit.saved',
    onSaved: () => actions.context.navigate(nextStepAfterShopInfo(engine.form.getValues('storeType') as number)),
  });
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const restored = Object.keys(draft).length > 0;

  // "Save draft" keeps whatever is valid so far, without checking the rest.
  const saveDraft = async () => {
    setSaving(true);
    try {
      await actions.context.mutate(registeredApi.endpoints.saveStoreDraft, formToDraft(engine.form.getValues() as StoreInfoFormInput, draft));
      dispatch(notify({ severity: 'success', message: 'registered.shopMsg.draftSaved', translate: true }));
    } catch {
      // The server msg was shown by the client (§8).
    } finally {
      setSaving(false);
    }
  };

  // The licence picker is ui-kit's (media library): it follows the console's language through ShellProviders.
  return (
    <ShellProviders>
      <OnboardingFrame heading={t('registered.shopMsg.heading')} step="shopInfo" width={880}>
        {restored && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="shop-draft-restored">
            {t('registered.shopMsg.draftLoaded')}
          </Alert>
        )}
        <FormProvider {...engine.form}>
          <Box component="form" noValidate onSubmit={engine.submit} aria-label={t('registered.shopMsg.heading')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 3, pt: 1 }}>
              {FIELDS.map((field) => (
                <Box key={field.name} sx={{ gridColumn: WIDE.has(field.name) ? { md: '1 / span 2' } : undefined, minWidth: 0 }}>
                  <FormFieldInput field={field} required={engine.required.has(field.name)} disabled={false} context={context} />
                </Box>
              ))}
            </Box>
            {engine.formProblems.length > 0 && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="resource-form-problems">
                {engine.formProblems.map((problem) => (
                  <div key={problem}>{problem}</div>
                ))}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => void saveDraft()} disabled={saving || engine.submitting} data-testid="shop-save-draft">
                {t('registered.shopMsg.saveDraft')}
              </Button>
              <Button type="submit" variant="contained" disabled={saving || engine.submitting} data-testid="shop-next">
                {t('registered.shopMsg.next')}
              </Button>
            </Stack>
          </Box>
        </FormProvider>
        {engine.question}
      </OnboardingFrame>
    </ShellProviders>
  );
}
