// /goods/goodRelease (create), /goods/goodRelease/edit?id= (console-spec §2 goodRelease +edit) and
// /goods/goodDraft/edit?id= (a draft kept on the server). goodRelease?id= was the edit's address
// before it moved to its spec path: it redirects there with its query, so old links keep working. Edits load the good and its category's specs first, then open the form with them; the
// form is keyed by the id, so opening another good in the same tab starts a fresh form.
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { PageLoading } from '../../../routes/RootLayout';
import { isApiError } from '../../../app/transport';
import { useCategorySpecsQuery, useGoodsDetailQuery } from './api';
import { GOODS_STATUS, goodsActionAllowed } from './contract';
import { fromGoodsDetail } from './fromGoods';
import { GOOD_EDIT_PATH, ReleaseForm, type ReleaseMode } from './ReleaseForm';
import { EMPTY_RELEASE_FORM } from './releaseSchema';

/** The positive integer id of `?id=`, or undefined. */
export function idFromSearch(search: URLSearchParams): number | undefined {
  const raw = search.get('id');
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  return Number(raw);
}

function EditGoods({ goodsId, draft }: { goodsId: number; draft: boolean }) {
  const { t } = useTranslation();
  const goods = useGoodsDetailQuery(goodsId, { refetchOnMountOrArgChange: true });
  const categoryId = goods.data?.categoryId ?? null;
  const specs = useCategorySpecsQuery(goods.data && categoryId != null ? categoryId : skipToken);

  if (goods.isLoading || (categoryId != null && specs.isLoading)) return <PageLoading />;
  if (goods.isError || !goods.data) {
    const msg = isApiError(goods.error) ? goods.error.msg : t('goodsRelease.notice.notFound');
    return (
      <Alert severity="error" data-testid="release-load-error">
        {t('goodsRelease.notice.loadFailed', { msg })}
      </Alert>
    );
  }
  const data = goods.data;
  const mode: ReleaseMode = draft || data.status === GOODS_STATUS.draft ? 'draft' : 'edit';
  const notice =
    data.status === GOODS_STATUS.rejected && data.rejectReason ? (
      <Alert severity="warning" data-testid="release-reject-reason">
        {t('goodsRelease.notice.rejected', { reason: data.rejectReason })}
      </Alert>
    ) : !goodsActionAllowed('submit', data.status) ? (
      // e.g. under review: the server refuses a new submission until the platform decides.
      <Alert severity="info" data-testid="release-locked">
        {t('goodsRelease.notice.underReview')}
      </Alert>
    ) : null;
  return <ReleaseForm key={goodsId} mode={mode} goodsId={goodsId} initialValues={fromGoodsDetail(data, specs.data ?? [])} notice={notice} />;
}

/** goodRelease: a new good; the old edit address (with ?id=) goes to goodRelease/edit, query kept. */
export function GoodReleasePage() {
  const { search, hash } = useLocation();
  if (new URLSearchParams(search).has('id')) return <Navigate to={{ pathname: GOOD_EDIT_PATH, search, hash }} replace />;
  return <ReleaseForm key="new" mode="create" initialValues={EMPTY_RELEASE_FORM} />;
}

/** goodRelease/edit?id=: the good's edit. */
export function GoodEditPage() {
  return <EditByIdPage draft={false} />;
}

/** goodDraft/edit?id=: a server-side draft in the release form. */
export function DraftEditPage() {
  return <EditByIdPage draft />;
}

/** The edit screens of one good (`?id=`); without a valid id there is nothing to edit. */
function EditByIdPage({ draft }: { draft: boolean }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const goodsId = idFromSearch(search);
  if (goodsId === undefined) {
    return (
      <Alert severity="error" data-testid="release-load-error">
        {t('goodsRelease.preview.missingId')}
      </Alert>
    );
  }
  return <EditGoods key={goodsId} goodsId={goodsId} draft={draft} />;
}
