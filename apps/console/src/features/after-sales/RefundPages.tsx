// A refund order (`?id=<refundId>`): orderAfter/details, orderAfterAll/details and processRefund.
// The refund, the order's amounts (paid, refunded, left), the buyer's evidence images, the history,
// and the merchant's actions: exactly the detail's `actions` (REFUND_MACHINE.eventsFrom(status,
// 'merchant') on the server), each behind its confirmation, reason or pay dialog.
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REFUND_HISTORY_EVENT_LABELS, type RefundDetail } from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton, formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, StatusChip, labelText, textContext, useResourceActions, type ResourceColumn, type ResourceTextContext } from '../../resource-kit';
import { useOpenChatWith } from '../message/openChat';
import { IM_CHAT_PERMISSION } from '../message/imAccess';
import { ORDER_PATHS, orderAddress } from '../orders/paths';
import { afterSalesApi } from './api';
import { AFTER_SALES_PATHS } from './paths';
import { REFUND_ACTION_PERMISSION, REFUND_EVENT_ACTIONS, isMerchantRefundEvent, type MerchantRefundEvent } from './refundActions';
import { REFUND_KIND, REFUND_ORDER_STATUS } from './status';

type HistoryEntry = RefundDetail['history'][number];
type LedgerEntry = RefundDetail['ledger'][number];

const HISTORY_COLUMNS: ResourceColumn<HistoryEntry>[] = [
  { key: 'at', titleKey: 'afterSales.field.time', format: (entry) => formatSecondsTimestamp(entry.at) },
  { key: 'event', titleKey: 'afterSales.field.event', format: (entry, context) => (REFUND_HISTORY_EVENT_LABELS[entry.event] ? labelText(REFUND_HISTORY_EVENT_LABELS[entry.event], context) : entry.event) },
  { key: 'actor', titleKey: 'afterSales.field.actor', format: (entry, context) => context.t(`afterSales.actor.${entry.actor}`) },
  { key: 'toStatus', titleKey: 'afterSales.field.status', status: REFUND_ORDER_STATUS },
  { key: 'note', titleKey: 'afterSales.field.note', format: (entry) => entry.note ?? '' },
];

// The money that left the store for this refund: one row, however often the pay was retried.
const LEDGER_COLUMNS: ResourceColumn<LedgerEntry>[] = [
  { key: 'at', titleKey: 'afterSales.field.paidAt', format: (entry) => formatSecondsTimestamp(entry.at) },
  { key: 'amountCents', titleKey: 'afterSales.field.paidAmount', align: 'right', format: (entry) => formatCents(entry.amountCents) },
  { key: 'idempotencyKey', titleKey: 'afterSales.field.idempotencyKey' },
];

/** The buyer's name and "contact buyer", which opens the embedded chat on the conversation with them. */
export function BuyerContact({ name, account }: { name: string; account: string }) {
  const { t } = useTranslation();
  const openChat = useOpenChatWith();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{name}</span>
      {/* The chat needs im:chat (the IM calls' code): without it the button is disabled, 'no permission' (§6). */}
      <PermissionButton size="small" variant="text" permission={IM_CHAT_PERMISSION} startIcon={<ChatIcon fontSize="small" />} onClick={() => openChat(account)} aria-label={t('afterSales.action.contactBuyerNamed', { name })}>
        {t('afterSales.action.contactBuyer')}
      </PermissionButton>
    </Stack>
  );
}

/** A label and its value in a description list. */
export function Field({ label, children, wide, testId }: { label: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }} data-testid={testId}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
      {children}
    </Box>
  );
}

export function Section({ id, titleKey, children }: { id: string; titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t(titleKey)}
      </Typography>
      {children}
    </section>
  );
}

/** The evidence images as thumbnails, each opening the full image in a new tab. */
export function EvidenceImages({ urls }: { urls: readonly string[] }) {
  const { t } = useTranslation();
  if (urls.length === 0) return <Typography variant="body2" color="text.secondary">{t('afterSales.noEvidence')}</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {urls.map((url, index) => (
        <li key={url}>
          <Link href={url} target="_blank" rel="noopener noreferrer" aria-label={t('afterSales.evidenceImage', { index: index + 1 })}>
            <Box component="img" src={url} alt={t('afterSales.evidenceImage', { index: index + 1 })} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }} />
          </Link>
        </li>
      ))}
    </Stack>
  );
}

/** The merchant's buttons for the events the server allows now; each confirms, asks or opens its dialog. */
function RefundActionBar({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  const actions = useResourceActions();
  const [confirming, setConfirming] = useState<MerchantRefundEvent | null>(null);
  const events = refund.actions.filter(isMerchantRefundEvent);
  const run = (event: MerchantRefundEvent) => {
    if (REFUND_EVENT_ACTIONS[event].confirm) setConfirming(event);
    else void Promise.resolve(REFUND_EVENT_ACTIONS[event].run(refund.refundId, actions.context)).catch(() => undefined);
  };
  const pending = confirming ? REFUND_EVENT_ACTIONS[confirming] : null;
  return (
    <Section id="refund-actions" titleKey="afterSales.section.actions">
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('afterSales.noActions')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="refund-actions">
          {events.map((event) => (
            <PermissionButton
              key={event}
              variant={event === 'reject' ? 'outlined' : 'contained'}
              color={REFUND_EVENT_ACTIONS[event].color}
              size="small"
              permission={REFUND_ACTION_PERMISSION}
              onClick={() => run(event)}
              data-testid={`refund-action-${event}`}
            >
              {t(REFUND_EVENT_ACTIONS[event].labelKey)}
            </PermissionButton>
          ))}
        </Stack>
      )}
      {pending?.confirm && (
        <ConfirmDialog
          open
          title={t(pending.confirm.titleKey)}
          content={t(pending.confirm.contentKey)}
          onConfirm={async () => {
            await pending.run(refund.refundId, actions.context);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
      {actions.dialogs}
    </Section>
  );
}

function RefundSummary({ refund, context }: { refund: RefundDetail; context: ResourceTextContext }) {
  const { t } = useTranslation();
  return (
    <FieldGrid>
      <Field label={t('afterSales.field.refundNo')} testId="detail-refundNo">
        {refund.refundNo}
      </Field>
      <Field label={t('afterSales.field.orderNo')} testId="detail-orderNo">
        <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, refund.orderId)}>
          {refund.orderNo}
        </Link>
      </Field>
      <Field label={t('afterSales.field.status')} testId="detail-status">
        <StatusChip status={REFUND_ORDER_STATUS} value={refund.status} context={context} />
      </Field>
      <Field label={t('afterSales.field.kind')} testId="detail-kind">
        <StatusChip status={REFUND_KIND} value={refund.kind} context={context} />
      </Field>
      <Field label={t('afterSales.field.amount')} testId="detail-amount">
        {formatCents(refund.amountCents)}
      </Field>
      <Field label={t('afterSales.field.buyer')} testId="detail-buyer">
        <BuyerContact name={refund.buyerName} account={refund.buyerAccid} />
      </Field>
      <Field label={t('afterSales.field.createTime')} testId="detail-createTime">
        {formatSecondsTimestamp(refund.createTime)}
      </Field>
      <Field label={t('afterSales.field.reason')} wide testId="detail-reason">
        {[refund.reason, refund.description].filter(Boolean).join(' — ') || '—'}
      </Field>
      {refund.rejectReason !== null && (
        <Field label={t('afterSales.field.rejectReason')} wide testId="detail-rejectReason">
          {refund.rejectReason}
        </Field>
      )}
    </FieldGrid>
  );
}

function OrderAmounts({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="refund-amounts" titleKey="afterSales.section.amounts">
      <FieldGrid>
        <Field label={t('afterSales.field.paid')} testId="detail-paid">
          {formatCents(refund.order.amountCents)}
        </Field>
        <Field label={t('afterSales.field.refunded')} testId="detail-refunded">
          {formatCents(refund.order.refundedCents)}
        </Field>
        <Field label={t('afterSales.field.left')} testId="detail-left">
          {formatCents(refund.order.refundableCents)}
        </Field>
      </FieldGrid>
    </Section>
  );
}

function RefundView({ titleKey, backPath, actionsFirst }: { titleKey: string; backPath: string; actionsFirst?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const id = Number(useSearchParams()[0].get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const result = afterSalesApi.endpoints.refund.useQuery({ refundId: id }, { skip: !valid });
  const refund = result.currentData ?? result.data;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="refund-detail">
      <Stack spacing={3}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h1">
            {t(titleKey)}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => void navigate(backPath)}>
            {t('resourceKit.back')}
          </Button>
        </Stack>
        {!valid ? (
          <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
        ) : result.error && !refund ? (
          <PageError error={result.error} onRetry={result.refetch} />
        ) : !refund ? (
          <PageLoading />
        ) : (
          <>
            {actionsFirst && <RefundActionBar refund={refund} />}
            <RefundSummary refund={refund} context={context} />
            <OrderAmounts refund={refund} />
            <Section id="refund-evidence" titleKey="afterSales.section.evidence">
              <EvidenceImages urls={refund.evidenceUrls} />
            </Section>
            {refund.ledger.length > 0 && <RecordTable titleKey="afterSales.section.ledger" rows={refund.ledger} columns={LEDGER_COLUMNS} rowKey={(entry) => entry.ledgerId} />}
            <RecordTable titleKey="afterSales.section.history" rows={refund.history} columns={HISTORY_COLUMNS} rowKey={(entry) => `${entry.event}-${entry.at}-${entry.toStatus}`} />
            {!actionsFirst && <RefundActionBar refund={refund} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

export const PendingRefundDetailsPage = () => <RefundView titleKey="afterSales.menu.detail" backPath={AFTER_SALES_PATHS.pending} />;
export const RefundDetailsPage = () => <RefundView titleKey="afterSales.menu.allDetail" backPath={AFTER_SALES_PATHS.all} />;
export const ProcessRefundPage = () => <RefundView titleKey="afterSales.menu.process" backPath={AFTER_SALES_PATHS.pending} actionsFirst />;
