// orderComplaint/details (`?id=<complaintId>`): the complaint, the buyer's evidence, one timeline of
// what happened (DISPUTE machine events and the merchant's responses, oldest first) and the merchant's
// response while the complaint is open (`canRespond`; it does not change the status, docs/orders.md).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPLAINT_HISTORY_EVENT_LABELS, PERMISSIONS, type ComplaintDetail } from '@merchant/api-contracts';
import { PermissionButton, formatSecondsTimestamp } from '@merchant/ui-kit';
import { PageError, PageLoading, StatusChip, labelText, textContext, useResourceActions, type ResourceTextContext } from '../../resource-kit';
import { ORDER_PATHS, orderAddress } from '../orders/paths';
import { afterSalesApi } from './api';
import { AFTER_SALES_PATHS } from './paths';
import { BuyerContact, EvidenceImages, Field, FieldGrid, Section } from './RefundPages';
import { COMPLAINT_STATUS } from './status';
import { TextSubmitDialog } from './TextSubmitDialog';

interface TimelineEntry {
  key: string;
  at: number;
  title: string;
  by: string;
  text: string | null;
  evidenceUrls: readonly string[];
}

/** The status changes and the merchant's responses as one list, oldest first. */
export function complaintTimeline(complaint: ComplaintDetail, context: ResourceTextContext): TimelineEntry[] {
  const events: TimelineEntry[] = complaint.history.map((entry, index) => ({
    key: `event-${index}`,
    at: entry.at,
    title: COMPLAINT_HISTORY_EVENT_LABELS[entry.event] ? labelText(COMPLAINT_HISTORY_EVENT_LABELS[entry.event], context) : entry.event,
    by: context.t(`afterSales.actor.${entry.actor}`),
    text: entry.note,
    evidenceUrls: [],
  }));
  const responses: TimelineEntry[] = complaint.responses.map((response) => ({
    key: `response-${response.responseId}`,
    at: response.at,
    title: context.t('afterSales.field.response'),
    by: context.t('afterSales.actor.merchant'),
    text: response.content,
    evidenceUrls: response.evidenceUrls,
  }));
  // Stable: at the same second an event stays before a response.
  return [...events, ...responses].sort((a, b) => a.at - b.at);
}

function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider' }} data-testid="complaint-timeline">
      {entries.map((entry) => (
        <Box component="li" key={entry.key} sx={{ pl: 2, pb: 2, position: 'relative' }}>
          <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
          <Typography variant="subtitle2" component="p">
            {entry.title} · {entry.by}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatSecondsTimestamp(entry.at)}
          </Typography>
          {entry.text && (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {entry.text}
            </Typography>
          )}
          {entry.evidenceUrls.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <EvidenceImages urls={entry.evidenceUrls} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function RespondButton({ complaint }: { complaint: ComplaintDetail }) {
  const { t } = useTranslation();
  const actions = useResourceActions();
  const open = () =>
    actions.context.openDialog((close) => (
      <TextSubmitDialog kind="respond" fixed={{ complaintId: complaint.complaintId }} context={actions.context} onClose={close} />
    ));
  return (
    <>
      <PermissionButton variant="contained" size="small" permission={PERMISSIONS.afterSalesHandle} onClick={open} data-testid="complaint-respond">
        {t('afterSales.action.respond')}
      </PermissionButton>
      {actions.dialogs}
    </>
  );
}

export function ComplaintDetailsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const context = useMemo(() => textContext(t, i18n.language), [t, i18n.language]);
  const id = Number(useSearchParams()[0].get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const result = afterSalesApi.endpoints.complaint.useQuery({ complaintId: id }, { skip: !valid });
  const complaint = result.currentData ?? result.data;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="complaint-detail">
      <Stack spacing={3}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h1">
            {t('afterSales.menu.complaintDetail')}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => void navigate(AFTER_SALES_PATHS.complaint)}>
            {t('resourceKit.back')}
          </Button>
        </Stack>
        {!valid ? (
          <Alert severity="warning">{t('resourceKit.notFound')}</Alert>
        ) : result.error && !complaint ? (
          <PageError error={result.error} onRetry={result.refetch} />
        ) : !complaint ? (
          <PageLoading />
        ) : (
          <>
            <FieldGrid>
              <Field label={t('afterSales.field.complaintNo')} testId="detail-complaintNo">
                {complaint.complaintNo}
              </Field>
              <Field label={t('afterSales.field.orderNo')} testId="detail-orderNo">
                <Link component={RouterLink} to={orderAddress(ORDER_PATHS.details, complaint.orderId)}>
                  {complaint.orderNo}
                </Link>
              </Field>
              <Field label={t('afterSales.field.status')} testId="detail-status">
                <StatusChip status={COMPLAINT_STATUS} value={complaint.status} context={context} />
              </Field>
              <Field label={t('afterSales.field.buyer')} testId="detail-buyer">
                <BuyerContact name={complaint.buyerName} account={complaint.buyerAccid} />
              </Field>
              <Field label={t('afterSales.field.createTime')} testId="detail-createTime">
                {formatSecondsTimestamp(complaint.createTime)}
              </Field>
              <Field label={t('afterSales.field.complaintContent')} wide testId="detail-reason">
                {[complaint.reason, complaint.description].filter(Boolean).join(' — ')}
              </Field>
              {complaint.ruling !== null && (
                <Field label={t('afterSales.field.ruling')} wide testId="detail-ruling">
                  {complaint.ruling}
                </Field>
              )}
            </FieldGrid>
            <Section id="complaint-evidence" titleKey="afterSales.section.evidence">
              <EvidenceImages urls={complaint.evidenceUrls} />
            </Section>
            <Section id="complaint-timeline" titleKey="afterSales.section.timeline">
              <Timeline entries={complaintTimeline(complaint, context)} />
            </Section>
            <Section id="complaint-response" titleKey="afterSales.section.response">
              {complaint.canRespond ? (
                <RespondButton complaint={complaint} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('afterSales.noActions')}
                </Typography>
              )}
            </Section>
          </>
        )}
      </Stack>
    </Paper>
  );
}
