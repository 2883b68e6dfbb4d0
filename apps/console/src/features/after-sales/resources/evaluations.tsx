// orderEvaluation: the buyers' reviews, filtered by rating and by replied / waiting for a reply (tabs).
// A review gets one reply (1–500 characters, the contract's rule); after that it is read-only.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { AFTER_SALES_LIMITS, PERMISSIONS, type EndpointBiz, type EvaluationRow, type afterSalesEndpoints } from '@merchant/api-contracts';
import { formatSecondsTimestamp, searchDateRange, searchSelect, searchText } from '@merchant/ui-kit';
import { defineResource, listArg, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { afterSalesApi } from '../api';
import { AFTER_SALES_PATHS } from '../paths';
import { TextSubmitDialog } from '../TextSubmitDialog';

type EvaluationQuery = EndpointBiz<typeof afterSalesEndpoints.evaluationList>;

/** The replied tabs: 1 replied, 0 waiting for a reply (the contract's `replied` true / false). */
export const REPLIED_TABS = [
  { value: 0, label: 'afterSales.replied.no' },
  { value: 1, label: 'afterSales.replied.yes' },
] as const;

const RATINGS = Array.from({ length: AFTER_SALES_LIMITS.ratingMax - AFTER_SALES_LIMITS.ratingMin + 1 }, (_, index) => AFTER_SALES_LIMITS.ratingMax - index);

function ratingText(rating: number, context: Pick<ResourceTextContext, 't'>) {
  return context.t('afterSales.rating.label', { rating });
}

/**
 * The review being answered, in the reply dialog (issue 35 §12): who wrote it and when, its rating, its
 * whole text and its images, so the merchant replies to what the buyer said.
 */
export function ReviewSummary({ row, context }: { row: EvaluationRow; context: Pick<ResourceTextContext, 't'> }) {
  return (
    <Box component="figure" aria-label={context.t('afterSales.reply.review')} sx={{ m: 0, mb: 2, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Rating value={row.rating} readOnly size="small" max={AFTER_SALES_LIMITS.ratingMax} aria-label={ratingText(row.rating, context)} />
        <Typography variant="caption" color="text.secondary">
          {context.t('afterSales.reply.reviewBy', { buyer: row.buyerName, time: formatSecondsTimestamp(row.createTime), orderNo: row.orderNo })}
        </Typography>
      </Box>
      <Typography component="blockquote" variant="body2" sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflowY: 'auto' }}>
        {row.content}
      </Typography>
      {row.imageUrls.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {row.imageUrls.map((url, index) => (
            <a key={url} href={url} target="_blank" rel="noreferrer noopener">
              <img src={url} alt={context.t('afterSales.reply.image', { n: index + 1 })} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} />
            </a>
          ))}
        </Box>
      )}
    </Box>
  );
}

const COLUMNS: ResourceColumn<EvaluationRow>[] = [
  { key: 'orderNo', titleKey: 'afterSales.field.orderNo', width: 170 },
  { key: 'buyerName', titleKey: 'afterSales.field.buyer', width: 100, hidden: true },
  {
    key: 'rating',
    titleKey: 'afterSales.field.rating',
    width: 140,
    sortable: true,
    format: (row, context) => ratingText(row.rating, context),
    render: (row, context) => <Rating value={row.rating} readOnly size="small" max={AFTER_SALES_LIMITS.ratingMax} aria-label={ratingText(row.rating, context)} />,
  },
  {
    key: 'content',
    titleKey: 'afterSales.field.content',
    flex: 1,
    // One line in the row; the whole text in a tooltip that keyboard focus opens too (issue 35 §12).
    render: (row) => (
      <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{row.content}</span>} placement="bottom-start">
        <Typography variant="body2" noWrap tabIndex={0} data-testid={`review-text-${row.evaluationId}`}>
          {row.content}
        </Typography>
      </Tooltip>
    ),
  },
  {
    key: 'reply',
    titleKey: 'afterSales.field.reply',
    flex: 1,
    format: (row, context) => row.reply ?? context.t('afterSales.replied.no'),
    // One line in the row; the whole reply in the title (and in the export).
    render: (row, context) => (
      <Typography variant="body2" noWrap title={row.reply ?? undefined} color={row.reply === null ? 'text.secondary' : undefined}>
        {row.reply ?? context.t('afterSales.replied.no')}
      </Typography>
    ),
  },
  { key: 'repliedAt', titleKey: 'afterSales.field.repliedAt', width: 165, format: (row) => formatSecondsTimestamp(row.repliedAt) },
  { key: 'createTime', titleKey: 'afterSales.field.reviewedAt', width: 165, sortable: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

const baseArg = listArg<Record<string, unknown>>({ numbers: ['rating'], ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });
const SORT_FIELDS: Record<string, string> = { createTime: 'createTime', rating: 'rating' };

export function evaluationArg(query: Parameters<typeof baseArg>[0]): EvaluationQuery {
  const biz = baseArg(query);
  if (biz.replied !== undefined) biz.replied = Number(biz.replied) === 1;
  if (typeof biz.sortField === 'string') biz.sortField = SORT_FIELDS[biz.sortField] ?? biz.sortField;
  return biz as EvaluationQuery;
}

export const evaluations = defineResource<EvaluationRow, EvaluationQuery>({
  key: 'afterSales.evaluation',
  titleKey: 'afterSales.menu.evaluation',
  rowId: (row) => row.evaluationId,
  listPath: AFTER_SALES_PATHS.evaluation,
  list: {
    endpoint: afterSalesApi.endpoints.evaluations,
    toArg: evaluationArg,
    search: (t: TFunction) =>
      z.object({
        rating: searchSelect({ label: t('afterSales.field.rating'), options: RATINGS.map((rating) => ({ value: rating, label: t('afterSales.rating.label', { rating }) })) }),
        orderNo: searchText({ label: t('afterSales.field.orderNo') }),
        createTime: searchDateRange({ label: t('afterSales.field.reviewedAt') }),
      }),
    tabs: { field: 'replied', options: REPLIED_TABS },
    columns: COLUMNS,
    rowActions: [
      {
        key: 'reply',
        labelKey: 'afterSales.action.reply',
        permission: PERMISSIONS.evaluationReply,
        // One reply per review: a replied review is read-only.
        when: (row) => row.reply === null,
        run: (row, context) =>
          context.openDialog((close) => (
            <TextSubmitDialog kind="reply" fixed={{ evaluationId: row.evaluationId }} context={context} onClose={close} subject={<ReviewSummary row={row} context={context} />} />
          )),
      },
    ],
    emptyKey: 'afterSales.emptyEvaluations',
  },
});
