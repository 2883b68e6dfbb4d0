// The import's first step: what the sheet must hold, the template to download (prefilled with the
// store's orders to ship), and the file to read. A file that cannot be used says why and sends nothing;
// a readable one becomes lines, each checked on its own (shipDrafts).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { saveExcelFile } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../../app/hooks';
import { shippingApi } from '../api';
import { CARRIERS } from '@merchant/api-contracts';
import { useLocale } from '../ship/ShipFields';
import { draftFromLine, toShipIndex, type ShipDraft } from '../sheet/shipDrafts';
import { MAX_SHEET_LINES, buildShipmentTemplate, readShipmentSheet, templateHeader, type SheetProblem } from '../sheet/shipmentSheet';

/** The largest §2 page size: the fewest calls to learn the orders to ship. */
const PAGE_SIZE = 200;
/** Orders to ship the import looks through to turn order numbers into ids; past it an unknown id is left to the server. */
const TO_SHIP_LOOKUP_MAX = 10_000;

function useOrdersToShip() {
  const dispatch = useAppDispatch();
  return async () => {
    const load = (pageNum: number) =>
      (dispatch(shippingApi.endpoints.ordersToShip.initiate({ pageNum, pageSize: PAGE_SIZE, status: 1, sortField: 'paidTime', sortOrder: 'asc' }, { subscribe: false, forceRefetch: true })) as unknown as {
        unwrap(): Promise<{ list: Array<{ orderId: number; orderNo: string }>; total: number }>;
      }).unwrap();
    const first = await load(1);
    const orders = [...first.list];
    const pages = Math.ceil(Math.min(first.total, TO_SHIP_LOOKUP_MAX) / PAGE_SIZE);
    for (let pageNum = 2; pageNum <= pages; pageNum += 1) orders.push(...(await load(pageNum)).list);
    return { orders, complete: first.total <= TO_SHIP_LOOKUP_MAX };
  };
}

function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

export function SheetPicker({ onRead }: { onRead(drafts: ShipDraft[], fileName: string): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const loadOrdersToShip = useOrdersToShip();
  const [busy, setBusy] = useState<'template' | 'file' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const problemText = (kind: SheetProblem, missing: readonly string[] = []) =>
    t(`shipping.sheet.problem.${kind}`, { max: MAX_SHEET_LINES, columns: missing.map((column) => templateHeader(column as never, locale)).join(locale === 'zh-CN' ? '、' : ', ') });

  const downloadTemplate = async () => {
    setBusy('template');
    setProblem(null);
    try {
      const { orders } = await loadOrdersToShip();
      const bytes = await buildShipmentTemplate(locale, orders.slice(0, MAX_SHEET_LINES), CARRIERS.map((carrier) => ({ code: carrier.code, name: carrier.name[locale] })));
      saveExcelFile(bytes, t('shipping.delivery.templateFile'), undefined, locale);
    } catch (error) {
      // A failed list call already showed the server's msg (baseQuery, §8); anything else (the workbook
      // code not loading, the browser refusing the download) is said here.
      if (!(error && typeof error === 'object' && 'code' in error)) setProblem(t('shipping.bulk.templateFailed'));
    } finally {
      setBusy(null);
    }
  };

  const readFile = async (file: File) => {
    setBusy('file');
    setProblem(null);
    try {
      const read = await readShipmentSheet(await readBytes(file)).catch(() => ({ ok: false, problem: 'unreadable' }) as const);
      if (!read.ok) {
        setProblem(problemText(read.problem, 'missing' in read ? read.missing : undefined));
        return;
      }
      // A failed lookup already showed the server's msg (baseQuery, §8); the file stays unread, nothing is sent.
      const known = await loadOrdersToShip().catch(() => null);
      if (!known) return;
      const index = toShipIndex(known.orders, known.complete);
      onRead(read.lines.map((line) => draftFromLine(line, index)), file.name);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('shipping.bulk.importHint')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<FileDownloadIcon />} loading={busy === 'template'} onClick={() => void downloadTemplate()} data-testid="bulk-template">
          {t('shipping.delivery.downloadTemplate')}
        </Button>
        <Button variant="contained" startIcon={<UploadFileIcon />} loading={busy === 'file'} onClick={() => input.current?.click()} data-testid="bulk-choose-file">
          {t('shipping.bulk.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="bulk-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void readFile(file);
          }}
        />
      </Stack>
      {busy === 'file' && (
        <Typography variant="body2" role="status">
          {t('shipping.bulk.reading')}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" role="alert" data-testid="bulk-file-problem">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
