// /registered/brandAdd: flagship and specialty stores name their brand and when its authorisation
// ends (the dashboard warns 60 days before, console-spec §4). Kept in the same server-side draft.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../routes/RootLayout';
import { useSaveStoreDraftMutation, useStoreDraftQuery } from './api';
import { FormTextField } from './components/FormTextField';
import { OnboardingFrame } from './components/OnboardingFrame';
import { SignInFirst } from './components/SignInFirst';
import { brandFormSchema, brandToDraft, secondsToDate, type BrandFormValues } from './storeInfoSchema';
import { SHOP_INFO_PATH } from './StoreMsgPage';

export const AGREEMENT_PATH = '/registered/agrtSig';

export function BrandAddPage() {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.auth.token);
  return (
    <OnboardingFrame heading={t('registered.brandAdd.heading')} step="brand" width={560}>
      {token ? <BrandForm /> : <SignInFirst back="/registered/brandAdd" />}
    </OnboardingFrame>
  );
}

function BrandForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useStoreDraftQuery(undefined, { refetchOnMountOrArgChange: true });
  const [saveDraft, { isLoading }] = useSaveStoreDraftMutation();
  const { control, handleSubmit, reset } = useForm<BrandFormValues>({
    resolver: zodResolver(brandFormSchema),
    defaultValues: { brandName: '', brandExpireDate: '' },
  });

  // Fill the form once, from the fresh draft: a later refetch must not wipe what the merchant typed.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // A failed draft load (its msg already shown) starts from an empty form.
    if (ready || draft.isFetching || !(draft.data || draft.isError)) return;
    reset({ brandName: draft.data?.brandName ?? '', brandExpireDate: secondsToDate(draft.data?.brandExpireTime) });
    setReady(true);
  }, [draft.data, draft.isError, draft.isFetching, ready, reset]);

  const next = handleSubmit(async (values) => {
    const result = await saveDraft(brandToDraft(values, draft.data ?? {}));
    if (!('error' in result)) void navigate(AGREEMENT_PATH);
  });

  if (!ready) return <PageLoading />;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void next(event)} aria-label={t('registered.brandAdd.heading')}>
      <Typography color="text.secondary">{t('registered.brandAdd.intro')}</Typography>
      <FormTextField control={control} name="brandName" label={t('registered.brandAdd.brandName')} testId="brand-name" required />
      <FormTextField
        control={control}
        name="brandExpireDate"
        type="date"
        label={t('registered.brandAdd.brandExpireDate')}
        testId="brand-expire-date"
        required
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={SHOP_INFO_PATH}>
          {t('registered.brandAdd.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading} data-testid="brand-next">
          {t('registered.brandAdd.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
