// /registered/brandAdd on the form kit: flagship and specialty stores name their brand and when its
// authorisation ends (the dashboard warns 60 days before, console-spec §4), checked by the store info
// contract's brand fields. Kept in the same server-side draft.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { storeInfoShape } from '@merchant/api-contracts';
import { z } from 'zod';
import { defineResourceForm } from '../../resource-kit/types';
import { ResourceFormFields } from '../../resource-kit/ResourceFormFields';
import { useResourceActions } from '../../resource-kit/useResourceActions';
import { useResourceForm } from '../../resource-kit/useResourceForm';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../routes/RootLayout';
import { registeredApi, useStartingDraft } from './api';
import { DayInput } from './components/DayInput';
import { OnboardingFrame } from './components/OnboardingFrame';
import { SignInFirst } from './components/SignInFirst';
import { dateToSeconds, secondsToDate, type StoreInfoDraft } from './storeInfoSchema';
import { SHOP_INFO_PATH } from './StoreMsgPage';

export const AGREEMENT_PATH = '/registered/agrtSig';

type Values = { brandName: string; brandExpireDate: string };

/** The brand step requires both brand fields the contract keeps optional for other store types. */
const brandSchema = z.object({ brandName: storeInfoShape.brandName.unwrap(), brandExpireTime: storeInfoShape.brandExpireTime.unwrap() });

function brandForm(draft: StoreInfoDraft) {
  return defineResourceForm<Values>({
    schema: brandSchema,
    defaults: { brandName: draft.brandName ?? '', brandExpireDate: secondsToDate(draft.brandExpireTime) },
    fields: [
      { name: 'brandName', labelKey: 'registered.brandAdd.brandName', kind: 'text', testId: 'brand-name' },
      { name: 'brandExpireDate', labelKey: 'registered.brandAdd.brandExpireDate', kind: 'date', testId: 'brand-expire-date', input: DayInput },
    ],
    toBiz: ({ brandName, brandExpireDate }) => ({ brandName, brandExpireTime: brandExpireDate ? dateToSeconds(brandExpireDate) : undefined }),
    fromWirePath: (path) => (path === 'brandExpireTime' ? 'brandExpireDate' : path),
    // The next step is the answer: no notice.
    successKey: null,
    // Merged into the stored draft, so the shop info survives.
    create: { endpoint: registeredApi.endpoints.saveStoreDraft, toBiz: (checked) => ({ ...draft, ...checked }) },
  });
}

export function BrandAddPage() {
  const { t } = useTranslation();
  const token = useAppSelector((state) => state.auth.token);
  return (
    <OnboardingFrame heading={t('registered.brandAdd.heading')} step="brand" width={560}>
      {token ? <BrandDraft /> : <SignInFirst back="/registered/brandAdd" />}
    </OnboardingFrame>
  );
}

/** The form starts from the fresh draft; a failed load (its msg already shown) starts from an empty one. */
function BrandDraft() {
  const start = useStartingDraft();
  return start ? <BrandForm draft={start} /> : <PageLoading />;
}

function BrandForm({ draft }: { draft: StoreInfoDraft }) {
  const { t } = useTranslation();
  const actions = useResourceActions();
  const [definition] = useState(() => brandForm(draft));
  const engine = useResourceForm(definition, {
    initial: definition.defaults,
    context: actions.context,
    successKey: 'resourceKit.saved',
    onSaved: () => actions.context.navigate(AGREEMENT_PATH),
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-label={t('registered.brandAdd.heading')}>
      <Typography color="text.secondary">{t('registered.brandAdd.intro')}</Typography>
      <ResourceFormFields engine={engine} fields={definition.fields} editing={false} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={SHOP_INFO_PATH}>
          {t('registered.brandAdd.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={engine.submitting} data-testid="brand-next">
          {t('registered.brandAdd.next')}
        </Button>
      </Stack>
      {engine.question}
    </Stack>
  );
}
