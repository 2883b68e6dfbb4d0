// Stock adjustment of one SKU through goodsSkuWarning updateGoodsSkuStock (console-spec §7): set
// the stock or change it by a delta (the server applies it atomically and never below zero), and
// optionally the warning line. The contract's biz schema checks the input before anything is sent.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { updateSkuStockBiz } from '@merchant/api-contracts';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { firstProblemText } from '../../../resource-kit';
import { useUpdateGoodsSkuStockMutation } from '../api';

export interface AdjustStockTarget {
  skuId: number;
  title: string;
  spec: string;
  stock: number;
  warningStock: number | null;
}

type Mode = 'set' | 'delta';

export function AdjustStockDialog({ sku, onClose }: { sku: AdjustStockTarget; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateGoodsSkuStockMutation();
  const [mode, setMode] = useState<Mode>('delta');
  const [quantity, setQuantity] = useState('');
  const [line, setLine] = useState(sku.warningStock === null ? '' : String(sku.warningStock));
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    const amount = quantity.trim() === '' ? undefined : Number(quantity);
    const warningStock = line.trim() === '' ? null : Number(line);
    const biz = {
      skuId: sku.skuId,
      ...(amount === undefined ? {} : mode === 'set' ? { stock: amount } : { delta: amount }),
      ...(warningStock !== sku.warningStock ? { warningStock } : {}),
    };
    const checked = updateSkuStockBiz.safeParse(biz);
    if (!checked.success) return setProblem(firstProblemText(i18n, checked.error, biz, { stock: t('goods.adjust.quantity'), delta: t('goods.adjust.quantity'), warningStock: t('goods.adjust.warningStock') }));
    setProblem(null);
    try {
      const answer = await update(checked.data).unwrap();
      dispatch(notify({ severity: 'success', message: 'resourceKit.saved', translate: true }));
      if (answer.warningFired) dispatch(notify({ severity: 'warning', message: 'goods.stock.fired', translate: true }));
      onClose();
    } catch {
      // the server msg was shown by the baseQuery (§8): e.g. the change would go below zero
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="adjust-stock-title" fullWidth maxWidth="xs">
      <DialogTitle id="adjust-stock-title">{t('goods.adjust.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <div>
            <Typography variant="body2">{sku.title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {sku.spec}
            </Typography>
            <Typography variant="body2" data-testid="adjust-current">
              {t('goods.adjust.current', { stock: sku.stock })}
            </Typography>
          </div>
          <RadioGroup row value={mode} onChange={(event) => setMode(event.target.value as Mode)} aria-label={t('goods.adjust.mode')}>
            <FormControlLabel value="delta" control={<Radio size="small" />} label={t('goods.adjust.delta')} />
            <FormControlLabel value="set" control={<Radio size="small" />} label={t('goods.adjust.set')} />
          </RadioGroup>
          <TextField
            size="small"
            label={t('goods.adjust.quantity')}
            value={quantity}
            helperText={mode === 'delta' ? t('goods.adjust.deltaHint') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'adjust-quantity' } }}
            onChange={(event) => setQuantity(event.target.value.replace(mode === 'delta' ? /[^\d-]/g : /\D/g, ''))}
          />
          <TextField
            size="small"
            label={t('goods.adjust.warningStock')}
            value={line}
            helperText={t('goods.adjust.warningHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'adjust-warning' } }}
            onChange={(event) => setLine(event.target.value.replace(/\D/g, ''))}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('goods.cancel')}</Button>
        <Button variant="contained" loading={isLoading} onClick={() => void save()} data-testid="adjust-save">
          {t('goods.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
