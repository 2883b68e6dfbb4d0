// Bulk edit of price and stock for the selected SKUs (issue 9 §3): a new price and/or stock per SKU,
// or one value applied to all; only filled-in values are sent, all or nothing (contract skuBulkEditBiz).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { skuBulkEditBiz, type SkuStockRow } from '@merchant/api-contracts';
import { MoneyInput, NumberInput, formatCents, yuanTextToCents } from '@merchant/ui-kit';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { firstProblemText } from '../../../resource-kit';
import { useSkuBulkEditMutation } from '../api';
import { specText } from './GoodsCell';

interface Draft {
  price: string;
  stock: string;
}

/** The bulk-edit biz from the typed values: SKUs with nothing typed are left out. */
export function bulkEditBiz(skus: readonly Pick<SkuStockRow, 'skuId'>[], drafts: Readonly<Record<number, Draft>>) {
  return {
    skus: skus
      .map(({ skuId }) => {
        const draft = drafts[skuId] ?? { price: '', stock: '' };
        return {
          skuId,
          ...(draft.price.trim() === '' ? {} : { price: yuanTextToCents(draft.price) }),
          ...(draft.stock.trim() === '' ? {} : { stock: Number(draft.stock) }),
        };
      })
      .filter((sku) => 'price' in sku || 'stock' in sku),
  };
}

export function BulkEditSkusDialog({ skus, onClose }: { skus: SkuStockRow[]; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSkuBulkEditMutation();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [allPrice, setAllPrice] = useState('');
  const [allStock, setAllStock] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const draftOf = (skuId: number) => drafts[skuId] ?? { price: '', stock: '' };
  const edit = (skuId: number, change: Partial<Draft>) => setDrafts((current) => ({ ...current, [skuId]: { ...(current[skuId] ?? { price: '', stock: '' }), ...change } }));
  const applyAll = (change: Partial<Draft>) => setDrafts((current) => Object.fromEntries(skus.map(({ skuId }) => [skuId, { ...(current[skuId] ?? { price: '', stock: '' }), ...change }])));

  const submit = async () => {
    const biz = bulkEditBiz(skus, drafts);
    if (biz.skus.length === 0) return setProblem(t('goods.bulk.nothing'));
    const checked = skuBulkEditBiz.safeParse(biz);
    if (!checked.success) return setProblem(firstProblemText(i18n, checked.error, biz, { price: t('goods.bulk.newPrice'), stock: t('goods.bulk.newStock') }));
    setProblem(null);
    try {
      await save(checked.data).unwrap();
      dispatch(notify({ severity: 'success', message: 'resourceKit.saved', translate: true }));
      onClose();
    } catch {
      // the server msg was shown by the baseQuery (§8); nothing changed (all or nothing)
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-edit-title" fullWidth maxWidth="md">
      <DialogTitle id="bulk-edit-title">{t('goods.bulk.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{t('goods.bulk.hint')}</DialogContentText>
        <Stack direction="row" spacing={1} sx={{ my: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <MoneyInput size="small" label={t('goods.bulk.setAllPrice')} value={allPrice} onValueChange={setAllPrice} slotProps={{ htmlInput: { 'data-testid': 'bulk-all-price' } }} />
          <Button size="small" onClick={() => applyAll({ price: allPrice })} disabled={!allPrice} data-testid="bulk-apply-price">
            {t('goods.bulk.applyAll')}
          </Button>
          <NumberInput size="small" label={t('goods.bulk.setAllStock')} value={allStock} onValueChange={setAllStock} slotProps={{ htmlInput: { 'data-testid': 'bulk-all-stock' } }} />
          <Button size="small" onClick={() => applyAll({ stock: allStock })} disabled={!allStock} data-testid="bulk-apply-stock">
            {t('goods.bulk.applyAll')}
          </Button>
        </Stack>
        <Table size="small" aria-labelledby="bulk-edit-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('goods.field.goods')}</TableCell>
              <TableCell align="right">{t('goods.field.price')}</TableCell>
              <TableCell>{t('goods.bulk.newPrice')}</TableCell>
              <TableCell align="right">{t('goods.field.stock')}</TableCell>
              <TableCell>{t('goods.bulk.newStock')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {skus.map((sku) => (
              <TableRow key={sku.skuId} data-testid={`bulk-row-${sku.skuId}`}>
                <TableCell>
                  {sku.title}
                  <br />
                  <small>{specText(sku.specValues)}</small>
                </TableCell>
                <TableCell align="right">{formatCents(sku.price)}</TableCell>
                <TableCell>
                  <MoneyInput size="small" value={draftOf(sku.skuId).price} onValueChange={(price) => edit(sku.skuId, { price })} slotProps={{ htmlInput: { 'aria-label': `${t('goods.bulk.newPrice')} ${sku.skuId}` } }} />
                </TableCell>
                <TableCell align="right">{sku.stock}</TableCell>
                <TableCell>
                  <NumberInput size="small" value={draftOf(sku.skuId).stock} onValueChange={(stock) => edit(sku.skuId, { stock })} slotProps={{ htmlInput: { 'aria-label': `${t('goods.bulk.newStock')} ${sku.skuId}` } }} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('goods.cancel')}</Button>
        <Button variant="contained" loading={isLoading} onClick={() => void submit()} data-testid="bulk-save">
          {t('goods.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
