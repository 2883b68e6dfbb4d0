// The goods release form (create, edit, draft edit). Submitting sends the contract's submit biz
// (the good goes under review); 'save draft' keeps the form as it is on the server. Leaving with
// unsaved changes asks first. A refusal (e.g. a store disabled by the platform) shows the server's
// message above the buttons. Every field error is also listed above the buttons, in the merchant's language.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../app/transport';
import { defineResourceForm, useResourceActions, useResourceForm, type ResourceFormField } from '../../../resource-kit';
import { goodsReleaseApi, useCategorySpecsQuery } from './api';
import { BasicSection } from './BasicSection';
import { goodsEndpoints, type GoodsSaved } from './contract';
import { DetailSection } from './DetailSection';
import { RELEASE_FIELD_LABELS, errorSummary } from './errorSummary';
import { specChoicesFor } from './fromGoods';
import { MediaSection } from './MediaSection';
import { EMPTY_RELEASE_FORM, formPathOf, releaseSubmitRules, toCheckedBiz, toDraftBiz, type ReleaseFormValues } from './releaseSchema';
import { ServiceSection } from './ServiceSection';
import { SpecSkuSection } from './SpecSkuSection';
import { buildSkuRows } from './skus';

export const SUBMIT_SUCCESS_PATH = '/goods/submitSuccess';
export const DRAFT_EDIT_PATH = '/goods/goodDraft/edit';
/** console-spec §2 goodRelease (+edit): a good's edit is `goodRelease/edit?id=`. */
export const GOOD_EDIT_PATH = '/goods/goodRelease/edit';

export type ReleaseMode = 'create' | 'edit' | 'draft';

export interface ReleaseFormProps {
  mode: ReleaseMode;
  initialValues: ReleaseFormValues;
  /** The good (or draft) being edited. */
  goodsId?: number;
  /** Shown above the form, e.g. the platform's reason for a rejection. */
  notice?: ReactNode;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The form's fields for the engine: their names take the server's problems, their labels name them. */
const RELEASE_FIELDS: readonly ResourceFormField[] = RELEASE_FIELD_LABELS.map(([name, labelKey]): ResourceFormField =>
  name === 'skus'
    ? {
        // The SKU table (SpecSkuSection draws it): a server problem on a cell (`skus.0.price`) goes on that cell.
        name,
        labelKey,
        kind: 'lines',
        lines: {
          columns: [
            { name: 'specValues', labelKey: 'goodsRelease.sku.spec', kind: 'text' },
            { name: 'price', labelKey: 'goodsRelease.sku.price', kind: 'money' },
            { name: 'stock', labelKey: 'goodsRelease.sku.stock', kind: 'integer' },
            { name: 'floorPrice', labelKey: 'goodsRelease.sku.floorPrice', kind: 'money' },
          ],
          newLine: () => ({ specValues: [], price: '', stock: '' }),
        },
      }
    : { name, labelKey, kind: 'text' },
);

/**
 * The release form on the kit's engine: checked by the submit contract (releaseSubmitRules) as the biz the form
 * would send; 'save draft' keeps the values as they are (the draft contract's own rules, on the server). Goods
 * submit and saveDraft are not idempotent calls (no key): that is the server's to decide.
 */
export function releaseForm(goodsId: number | undefined) {
  const id = goodsId === undefined ? {} : { goodsId };
  return defineResourceForm<ReleaseFormValues>({
    schema: releaseSubmitRules,
    toBiz: toCheckedBiz,
    fromWirePath: (path) => formPathOf(path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment))).join('.'),
    fields: RELEASE_FIELDS,
    defaults: EMPTY_RELEASE_FORM,
    create: { endpoint: goodsReleaseApi.endpoints.submitGoods as never, contract: goodsEndpoints.submit, toBiz: (checked) => ({ ...checked, ...id }) },
    draft: { endpoint: goodsReleaseApi.endpoints.saveGoodsDraft as never, contract: goodsEndpoints.saveDraft, toBiz: (values) => toDraftBiz(values, goodsId), successKey: 'goodsRelease.notice.draftSaved' },
    successKey: 'goodsRelease.notice.submitted',
    // A refusal (e.g. a store disabled by the platform) is said in place, above the buttons, with the server's msg.
    describeFailure: (error, t) => t('goodsRelease.notice.refused', { msg: isApiError(error) ? error.msg || error.code : t('goodsRelease.notice.unknownError') }),
  });
}

export function ReleaseForm({ mode, initialValues, goodsId, notice }: ReleaseFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const actions = useResourceActions();
  const { context } = actions;
  const definition = useMemo(() => releaseForm(goodsId), [goodsId]);
  const engine = useResourceForm(definition, {
    initial: initialValues,
    context,
    successKey: 'goodsRelease.notice.submitted',
    onSaved: (answer) => void navigate(`${SUBMIT_SUCCESS_PATH}?id=${(answer as GoodsSaved).goodsId}`),
    onDraftSaved: (answer) => {
      if (goodsId !== undefined) return;
      // A new draft gets its own address, so a reload or a later visit reopens it from the server.
      engine.allowLeave();
      void navigate(`${DRAFT_EDIT_PATH}?id=${(answer as GoodsSaved).goodsId}`, { replace: true });
    },
  });
  const methods = engine.form as unknown as UseFormReturn<ReleaseFormValues>;
  const { watch, getValues, setValue, formState } = methods;
  const categoryId = watch('categoryId');
  const specsQuery = useCategorySpecsQuery(categoryId ?? skipToken);
  const canSaveDraft = mode !== 'edit';

  const changeCategory = () => {
    // The new category's specs replace the old ones; SKU rows collapse to the single row until values are ticked.
    setValue('specs', [], { shouldDirty: true });
    setValue('skus', buildSkuRows([], getValues('skus')), { shouldDirty: true });
  };
  const categorySpecs = specsQuery.currentData;
  useEffect(() => {
    if (!categorySpecs) return;
    // The form lists every spec of the category, in its order (SKU rows are aligned with it).
    const aligned = specChoicesFor(categorySpecs, getValues('specs'));
    if (JSON.stringify(aligned) !== JSON.stringify(getValues('specs'))) setValue('specs', aligned);
  }, [categorySpecs, getValues, setValue]);

  const busy = engine.submitting || engine.savingDraft;
  const summary = errorSummary(i18n, formState.errors, watch('skus'));
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { submitCount, isSubmitSuccessful } = formState;
  useEffect(() => {
    // After a refused submit: focus the first field marked invalid and scroll it to the middle of the
    // screen, so neither the header nor the sticky Save/Submit footer covers it or its message; with
    // no such field on screen, show the summary.
    if (submitCount === 0 || isSubmitSuccessful) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? summaryRef.current;
    invalid?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'center' });
  }, [submitCount, isSubmitSuccessful]);

  return (
    <FormProvider {...methods}>
      <Stack
        ref={formRef}
        component="form"
        noValidate
        spacing={2}
        onSubmit={engine.submit}
        aria-labelledby="release-heading"
        data-testid="release-form"
        // Keyboard focus and scrolling keep a field (and its message below it) clear of the header and the sticky footer.
        sx={{ '& input, & textarea, & [role="combobox"], & [aria-invalid="true"]': { scrollMarginTop: 128, scrollMarginBottom: 136 } }}
      >
        <Typography id="release-heading" variant="h5" component="h1">
          {t(`goodsRelease.heading.${mode}`)}
        </Typography>
        {notice}
        <Section id="release-basic" title={t('goodsRelease.section.basic')}>
          <BasicSection onCategoryChange={changeCategory} />
        </Section>
        <Section id="release-specs" title={t('goodsRelease.section.specs')}>
          <SpecSkuSection categorySpecs={categorySpecs} loading={specsQuery.isFetching} />
        </Section>
        <Section id="release-media" title={t('goodsRelease.section.media')}>
          <MediaSection />
        </Section>
        <Section id="release-detail" title={t('goodsRelease.section.detail')}>
          <DetailSection />
        </Section>
        <Section id="release-service" title={t('goodsRelease.section.service')}>
          <ServiceSection />
        </Section>
        {summary.length > 0 && (
          <Alert severity="error" ref={summaryRef} data-testid="release-error-summary">
            <AlertTitle>{t('goodsRelease.notice.summary', { count: summary.length })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {summary.map((item, index) => (
                <li key={`${item.name}-${index}`}>{item.text}</li>
              ))}
            </Box>
          </Alert>
        )}
        {engine.formProblems.length > 0 && (
          <Alert severity="error" data-testid="resource-form-problems">
            {engine.formProblems.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
        <Paper
          variant="outlined"
          sx={{ p: 2, position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          {canSaveDraft && (
            <Button variant="outlined" onClick={engine.saveDraft} disabled={busy} loading={engine.savingDraft} data-testid="release-save-draft">
              {t('goodsRelease.action.saveDraft')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy} loading={engine.submitting} data-testid="release-submit">
            {t(mode === 'edit' ? 'goodsRelease.action.saveEdit' : 'goodsRelease.action.submit')}
          </Button>
        </Paper>
      </Stack>
      {engine.question}
      {actions.dialogs}
    </FormProvider>
  );
}
