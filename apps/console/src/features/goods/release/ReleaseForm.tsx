// The goods release form (create, edit, draft edit). Submitting sends the contract's submit biz
// (the good goes under review); 'save draft' keeps the form as it is on the server. Leaving with
// unsaved changes asks first. A refusal (e.g. a store disabled by the platform) shows the server's
// message above the buttons. Every field error is also listed above the buttons, in the merchant's language.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
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
import { ConfirmDialog } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { isApiError } from '../../../app/transport';
import { useCategorySpecsQuery, useSaveGoodsDraftMutation, useSubmitGoodsMutation } from './api';
import { BasicSection } from './BasicSection';
import { DetailSection } from './DetailSection';
import { errorSummary } from './errorSummary';
import { specChoicesFor } from './fromGoods';
import { MediaSection } from './MediaSection';
import { releaseResolver, toDraftBiz, toSubmitBiz, type ReleaseFormValues } from './releaseSchema';
import { ServiceSection } from './ServiceSection';
import { SpecSkuSection } from './SpecSkuSection';
import { buildSkuRows } from './skus';
import { useUnsavedChangesGuard } from '../../../resource-kit/useUnsavedChangesGuard';

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

export function ReleaseForm({ mode, initialValues, goodsId, notice }: ReleaseFormProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The first invalid field is brought into view by the effect below (clear of the sticky footer), not by the form library.
  const methods = useForm<ReleaseFormValues>({ defaultValues: initialValues, resolver: releaseResolver, mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false });
  const { watch, getValues, setValue, reset, formState, handleSubmit } = methods;
  const categoryId = watch('categoryId');
  const specsQuery = useCategorySpecsQuery(categoryId ?? skipToken);
  const [submitGoods, submitting] = useSubmitGoodsMutation();
  const [saveDraft, savingDraft] = useSaveGoodsDraftMutation();
  // The good's id: given when editing; a new good gets one from its first draft save (then the page moves to the draft's address).
  const [savedId, setSavedId] = useState<number | undefined>(goodsId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(formState.isDirty);
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

  const refusedWith = (error: unknown) => setRefusal(isApiError(error) ? error.msg || error.code : t('goodsRelease.notice.unknownError'));

  const submit = handleSubmit(
    async () => {
      setRefusal(null);
      try {
        // The resolver hands over the checked biz; the call is built from the form's values with the good's id.
        const saved = await submitGoods(toSubmitBiz(getValues(), savedId)).unwrap();
        guard.allowLeave();
        dispatch(notify({ severity: 'success', message: 'goodsRelease.notice.submitted', translate: true }));
        void navigate(`${SUBMIT_SUCCESS_PATH}?id=${saved.goodsId}`);
      } catch (error) {
        refusedWith(error);
      }
    },
    () => dispatch(notify({ severity: 'warning', message: 'goodsRelease.notice.fixErrors', translate: true })),
  );

  const keepDraft = async () => {
    setRefusal(null);
    const values = getValues();
    try {
      const saved = await saveDraft(toDraftBiz(values, savedId)).unwrap();
      reset(values);
      dispatch(notify({ severity: 'success', message: 'goodsRelease.notice.draftSaved', translate: true }));
      if (savedId === undefined) {
        // A new draft gets its own address, so a reload or a later visit reopens it from the server.
        guard.allowLeave();
        void navigate(`${DRAFT_EDIT_PATH}?id=${saved.goodsId}`, { replace: true });
        return;
      }
      setSavedId(saved.goodsId);
    } catch (error) {
      refusedWith(error);
    }
  };

  const busy = submitting.isLoading || savingDraft.isLoading;
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
        onSubmit={(event) => void submit(event)}
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
        {refusal && (
          <Alert severity="error" role="alert" data-testid="release-refusal">
            {t('goodsRelease.notice.refused', { msg: refusal })}
          </Alert>
        )}
        <Paper
          variant="outlined"
          sx={{ p: 2, position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          {canSaveDraft && (
            <Button variant="outlined" onClick={() => void keepDraft()} disabled={busy} loading={savingDraft.isLoading} data-testid="release-save-draft">
              {t('goodsRelease.action.saveDraft')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy} loading={submitting.isLoading} data-testid="release-submit">
            {t(mode === 'edit' ? 'goodsRelease.action.saveEdit' : 'goodsRelease.action.submit')}
          </Button>
        </Paper>
      </Stack>
      <ConfirmDialog
        open={guard.asking}
        title={t('goodsRelease.unsaved.title')}
        content={t('goodsRelease.unsaved.text')}
        confirmText={t('goodsRelease.unsaved.leave')}
        cancelText={t('goodsRelease.unsaved.stay')}
        onConfirm={guard.leave}
        onClose={guard.stay}
      />
    </FormProvider>
  );
}
