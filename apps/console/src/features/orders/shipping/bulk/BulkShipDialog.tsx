// Bulk shipping (orderDelivery): the lines come from the selected orders (the merchant types each
// tracking number here) or from an imported sheet. Each line is checked before anything is sent and
// shows its own errors; the checked lines go to bulkShip in batches with a progress bar; the results
// table shows each line's answer (its code and the server's text in the merchant's language), and the
// failed lines can be corrected and sent again.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, describeStoreCode, type OrderRow } from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../../app/hooks';
import { shippingApi } from '../api';
import { CarrierSelect, useLocale } from '../ship/ShipFields';
import { sendInBatches, type ShipRowResult } from '../sheet/sendInBatches';
import { draftErrors, draftFromOrder, shipRow, type ShipDraft } from '../sheet/shipDrafts';
import { DraftTable } from './DraftTable';
import { ResultTable, type LineResult } from './ResultTable';
import { SheetPicker } from './SheetPicker';

export type BulkShipSource = { kind: 'orders'; orders: readonly Pick<OrderRow, 'orderId' | 'orderNo'>[] } | { kind: 'file' };

type Phase = { name: 'pick' } | { name: 'edit' } | { name: 'sending'; done: number; total: number } | { name: 'results'; results: LineResult[] };

export function BulkShipDialog({ source, onClose }: { source: BulkShipSource; onClose(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const [drafts, setDrafts] = useState<ShipDraft[]>(() => (source.kind === 'orders' ? source.orders.map(draftFromOrder) : []));
  const [phase, setPhase] = useState<Phase>(source.kind === 'file' ? { name: 'pick' } : { name: 'edit' });
  // Lines from a sheet show their errors at once; typed lines after the first attempt to send.
  const [showErrors, setShowErrors] = useState(source.kind === 'file');
  const [fileName, setFileName] = useState('');
  const [touched, setTouched] = useState(false);
  const [askingClose, setAskingClose] = useState(false);
  const errors = useMemo(() => draftErrors(drafts), [drafts]);
  const invalidCount = errors.filter((list) => list.length > 0).length;
  const titleRef = useRef<HTMLHeadingElement>(null);

  const update = (key: string, change: Partial<ShipDraft>) => {
    setTouched(true);
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  };
  const remove = (keys: ReadonlySet<string>) => {
    setTouched(true);
    setDrafts((current) => current.filter((draft) => !keys.has(draft.key)));
  };

  const send = async () => {
    setShowErrors(true);
    if (invalidCount > 0 || drafts.length === 0) return;
    const sent = drafts;
    setPhase({ name: 'sending', done: 0, total: sent.length });
    const results = await sendInBatches(
      sent.map(shipRow),
      (rows) => (dispatch(shippingApi.endpoints.bulkShip.initiate({ rows })) as unknown as { unwrap(): ReturnType<Parameters<typeof sendInBatches>[1]> }).unwrap(),
      (done, total) => setPhase({ name: 'sending', done, total }),
    );
    setPhase({ name: 'results', results: sent.map((draft, index) => ({ draft, result: results[index]! })) });
    titleRef.current?.focus();
  };

  const retryFailed = (results: LineResult[]) => {
    const failed = results.filter((line) => !line.result.ok);
    setDrafts(failed.map(({ draft, result }) => ({ ...draft, lastFailure: { code: result.code, msg: messageOf(result) } })));
    setShowErrors(true);
    setPhase({ name: 'edit' });
  };

  const messageOf = (result: ShipRowResult) => {
    const text = result.msg || describeStoreCode(result.code, locale);
    return result.unanswered ? t('shipping.bulk.batchFailed', { msg: text }) : text;
  };

  const requestClose = () => {
    if (phase.name === 'sending') return;
    if (phase.name === 'edit' && touched) setAskingClose(true);
    else onClose();
  };

  const title = source.kind === 'file' ? t('shipping.bulk.importTitle') : t('shipping.bulk.title');
  return (
    <Dialog open onClose={requestClose} aria-labelledby="bulk-ship-title" fullWidth maxWidth="lg" data-testid="bulk-ship-dialog">
      <DialogTitle id="bulk-ship-title" ref={titleRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        {phase.name === 'pick' && (
          <SheetPicker
            onRead={(read, name) => {
              setDrafts(read);
              setFileName(name);
              setPhase({ name: 'edit' });
            }}
          />
        )}
        {phase.name === 'edit' && (
          <Stack spacing={1.5}>
            {fileName && (
              <Typography variant="body2" color="text.secondary">
                {t('shipping.bulk.fileName', { name: fileName })}
              </Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="body2" data-testid="bulk-count">
                {t('shipping.bulk.rowsToSend', { count: drafts.length })}
              </Typography>
              <Stack sx={{ width: 260 }}>
                <CarrierSelect
                  size="small"
                  label={t('shipping.bulk.carrierForAll')}
                  value=""
                  onChange={(carrier) => {
                    setTouched(true);
                    setDrafts((current) => current.map((draft) => ({ ...draft, carrier, carrierText: '' })));
                  }}
                  testId="bulk-carrier-all"
                />
              </Stack>
            </Stack>
            {showErrors && invalidCount > 0 && (
              <Alert
                severity="error"
                role="alert"
                data-testid="bulk-invalid"
                action={
                  <Button color="inherit" size="small" onClick={() => remove(new Set(drafts.filter((_draft, index) => errors[index]!.length > 0).map((draft) => draft.key)))}>
                    {t('shipping.bulk.removeInvalid')}
                  </Button>
                }
              >
                {t('shipping.bulk.rowsWithErrors', { count: invalidCount })}
              </Alert>
            )}
            <DraftTable drafts={drafts} errors={errors} showErrors={showErrors} onChange={update} onRemove={(key) => remove(new Set([key]))} />
          </Stack>
        )}
        {phase.name === 'sending' && (
          <Stack spacing={1} sx={{ py: 3 }}>
            <Typography id="bulk-progress-label" variant="body2" aria-live="polite">
              {t('shipping.bulk.sending', { done: phase.done, total: phase.total })}
            </Typography>
            <LinearProgress variant="determinate" value={phase.total ? (phase.done * 100) / phase.total : 0} aria-labelledby="bulk-progress-label" data-testid="bulk-progress" />
          </Stack>
        )}
        {phase.name === 'results' && <ResultTable results={phase.results} messageOf={messageOf} />}
      </DialogContent>
      <DialogActions>
        {phase.name === 'results' ? (
          <>
            {phase.results.some((line) => !line.result.ok) && (
              <Button onClick={() => retryFailed(phase.results)} data-testid="bulk-retry">
                {t('shipping.bulk.retryFailed', { count: phase.results.filter((line) => !line.result.ok).length })}
              </Button>
            )}
            <Button variant="contained" onClick={onClose} data-testid="bulk-done">
              {t('shipping.bulk.done')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={requestClose} disabled={phase.name === 'sending'}>
              {t('resourceKit.cancel')}
            </Button>
            {phase.name !== 'pick' && (
              <PermissionButton variant="contained" permission={PERMISSIONS.orderShip} disabled={drafts.length === 0} loading={phase.name === 'sending'} onClick={() => void send()} data-testid="bulk-send">
                {t('shipping.bulk.send', { count: drafts.length })}
              </PermissionButton>
            )}
          </>
        )}
      </DialogActions>
      <ConfirmDialog
        open={askingClose}
        title={t('resourceKit.unsavedTitle')}
        content={t('resourceKit.unsavedContent')}
        confirmText={t('resourceKit.leave')}
        cancelText={t('resourceKit.stay')}
        onConfirm={onClose}
        onClose={() => setAskingClose(false)}
      />
    </Dialog>
  );
}
