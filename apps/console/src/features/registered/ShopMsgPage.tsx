// /registered/shopMsg (needs a token, console-spec §2): the store information submitted for review.
// It is kept as a server-side draft (temporaryStorageStoreInfo / getStorageStoreInfoByToken), so the
// merchant can leave and come back; "next" saves it and goes to the brand step or the agreement.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { PRINCIPAL_TYPE_LABELS, STORE_TYPE_LABELS } from '@merchant/api-contracts';
import { statusLabel, type UiKitLocale } from '@merchant/ui-kit/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { PageLoading } from '../../routes/RootLayout';
import { DASHBOARD_PATH, loginPathFor } from '../../routes/routeDecision';
import { useCategoryTreeQuery, useCityListQuery, type CategoryNode } from '../../app/storeInit';
import { useSaveStoreDraftMutation, useStoreDraftQuery } from './api';
import { FormTextField } from './components/FormTextField';
import { OnboardingFrame } from './components/OnboardingFrame';
import {
  EMPTY_STORE_INFO,
  MAX_STORE_CATEGORIES,
  PRINCIPAL_TYPES,
  STORE_TYPES,
  draftToForm,
  formToDraft,
  nextStepAfterShopInfo,
  storeInfoFormSchema,
  type StoreInfoFormInput,
  type StoreInfoFormValues,
} from './storeInfoSchema';

interface CategoryOption {
  id: number;
  name: string;
  group: string;
}

const flattenCategories = (tree: readonly CategoryNode[]): CategoryOption[] =>
  tree.flatMap((top) => (top.children ?? []).map((leaf) => ({ id: leaf.id, name: leaf.categoryName, group: top.categoryName })));

export function ShopMsgPage() {
  const token = useAppSelector((state) => state.auth.token);
  // console-spec §2: without a token this screen sends the visitor to sign in, then to the dashboard.
  if (!token) return <Navigate to={loginPathFor(DASHBOARD_PATH)} replace />;
  return <ShopInfoForm />;
}

function ShopInfoForm() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as UiKitLocale;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const draft = useStoreDraftQuery(undefined, { refetchOnMountOrArgChange: true });
  // The shared lists of store init (one cache): a store belongs to a level-2 city and picks level-2 categories.
  const cityList = useCityListQuery();
  const cities = useMemo(() => (cityList.data ?? []).filter((city) => city.level === 2), [cityList.data]);
  const categoryTree = useCategoryTreeQuery();
  const categories = useMemo(() => flattenCategories(categoryTree.data ?? []), [categoryTree.data]);
  const [saveDraft, { isLoading: saving }] = useSaveStoreDraftMutation();
  const [restored, setRestored] = useState(false);
  const [ready, setReady] = useState(false);
  const { control, handleSubmit, getValues, reset } = useForm<StoreInfoFormInput, unknown, StoreInfoFormValues>({
    resolver: zodResolver(storeInfoFormSchema),
    defaultValues: EMPTY_STORE_INFO,
  });

  // Fill the form once, from the fresh draft: a later refetch must not wipe what the merchant typed.
  useEffect(() => {
    // A failed draft load (its msg already shown) starts from an empty form.
    if (ready || draft.isFetching || !(draft.data || draft.isError)) return;
    const chosenType = Number(searchParams.get('storeType'));
    const values = draftToForm(draft.data);
    reset((STORE_TYPES as readonly number[]).includes(chosenType) ? { ...values, storeType: chosenType } : values);
    setRestored(Object.keys(draft.data ?? {}).length > 0);
    setReady(true);
  }, [draft.data, draft.isError, draft.isFetching, ready, reset, searchParams]);

  const save = async (values: StoreInfoFormInput) => {
    const result = await saveDraft(formToDraft(values, draft.data));
    return !('error' in result);
  };

  const saveOnly = async () => {
    if (await save(getValues())) dispatch(notify({ severity: 'success', message: 'registered.shopMsg.draftSaved', translate: true }));
  };

  const next = handleSubmit(
    async (values) => {
      if (await save(getValues())) void navigate(nextStepAfterShopInfo(values.storeType));
    },
    () => dispatch(notify({ severity: 'warning', message: 'registered.shopMsg.fixErrors', translate: true })),
  );

  if (!ready) return <PageLoading />;

  const text = (name: keyof StoreInfoFormInput, extra: Omit<TextFieldProps, 'name' | 'error'> = {}) => (
    <FormTextField control={control} name={name} label={t(`registered.shopMsg.${name}`)} testId={`shop-${name}`} required {...extra} />
  );

  return (
    <OnboardingFrame heading={t('registered.shopMsg.heading')} step="shopInfo" width={880}>
      {restored && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="shop-draft-restored">
          {t('registered.shopMsg.draftLoaded')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void next(event)} aria-label={t('registered.shopMsg.heading')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 3 }}>
          {text('storeName')}
          <Controller
            control={control}
            name="storeType"
            render={({ field }) => (
              <TextField select label={t('registered.shopMsg.storeType')} {...field} slotProps={{ htmlInput: { 'data-testid': 'shop-storeType' } }} required>
                {STORE_TYPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {statusLabel(STORE_TYPE_LABELS, value, locale)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="principalType"
            render={({ field }) => (
              <TextField select label={t('registered.shopMsg.principalType')} {...field} slotProps={{ htmlInput: { 'data-testid': 'shop-principalType' } }} required>
                {PRINCIPAL_TYPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {statusLabel(PRINCIPAL_TYPE_LABELS, value, locale)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="cityCode"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={cities}
                loading={cityList.isLoading}
                getOptionLabel={(city) => city.cityName}
                isOptionEqualToValue={(a, b) => a.cityCode === b.cityCode}
                value={cities.find((city) => city.cityCode === field.value) ?? null}
                onChange={(_event, city) => field.onChange(city?.cityCode ?? '')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={t('registered.shopMsg.city')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'shop-city' } }}
                  />
                )}
              />
            )}
          />
          {text('address')}
          {text('contactName')}
          {text('contactMobile', { inputMode: 'numeric' })}
          {text('legalPersonName')}
          {text('legalPersonIdNumber')}
          {text('licenseNumber')}
          {text('licenseImageUrl', { type: 'url', helperText: t('registered.shopMsg.licenseImageHelp') })}
          {text('licenseExpireDate', {
            type: 'date',
            required: false,
            helperText: t('registered.shopMsg.licenseExpireHelp'),
            slotProps: { inputLabel: { shrink: true } },
          })}
          <Box sx={{ gridColumn: { md: '1 / span 2' } }}>
            <Controller
              control={control}
              name="categoryIds"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={categories}
                  groupBy={(option) => option.group}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  value={categories.filter((option) => field.value?.includes(option.id))}
                  onChange={(_event, chosen) => field.onChange(chosen.map((option) => option.id))}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      required
                      label={t('registered.shopMsg.categories')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ? t(fieldState.error.message) : t('registered.shopMsg.categoriesHelp', { max: MAX_STORE_CATEGORIES })}
                      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'shop-categories' } }}
                    />
                  )}
                />
              )}
            />
          </Box>
        </Box>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void saveOnly()} disabled={saving} data-testid="shop-save-draft">
            {t('registered.shopMsg.saveDraft')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="shop-next">
            {t('registered.shopMsg.next')}
          </Button>
        </Stack>
      </Box>
    </OnboardingFrame>
  );
}
