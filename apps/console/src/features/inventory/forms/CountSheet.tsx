// The count sheet of a count in progress (inventoryCount/detail, count/complete): each line shows the
// book quantity kept when the count started; the merchant enters the counted quantity, and the line's
// difference (counted − book) and the total update as they type. Lines left empty are not counted and
// keep their quantity. Completing asks first: the counted quantities become the items' quantities.
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, inventoryCountCompleteBiz, type EndpointBiz, type EndpointData, type inventoryEndpoints } from '@merchant/api-contracts';
import { ConfirmDialog, NumberInput, PermissionButton } from '@merchant/ui-kit';
import { useResourceActions, useUnsavedChangesGuard } from '../../../resource-kit';
import { inventoryApi } from '../api';
import { contractResolver, listError, useErrorText } from './formKit';

type Count = EndpointData<typeof inventoryEndpoints.countDetail>;
type CompleteBiz = EndpointBiz<typeof inventoryEndpoints.countComplete>;
interface Values {
  lines: Array<{ itemId: number; countedQuantity?: number }>;
}

/** The counted lines only; `indexes[k]` is the sheet row of the biz's k-th line (errors go back to it). */
export function countedLines(values: Values) {
  const indexes: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    if (line.countedQuantity === undefined) return [];
    indexes.push(index);
    return [{ itemId: line.itemId, countedQuantity: line.countedQuantity }];
  });
  return { lines, indexes };
}

/** Counted − book, signed: '+3', '-2', '0'. */
export const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

export function CountSheet({ count }: { count: Count }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const actions = useResourceActions();
  const [confirming, setConfirming] = useState<CompleteBiz | null>(null);
  const resolver = useMemo(() => {
    let indexes: number[] = [];
    return contractResolver<Values>(
      inventoryCountCompleteBiz,
      (values) => {
        const counted = countedLines(values);
        indexes = counted.indexes;
        return { countId: count.countId, lines: counted.lines };
      },
      (path) => (path[0] === 'lines' && typeof path[1] === 'number' ? ['lines', indexes[path[1]] ?? path[1], ...path.slice(2)] : path),
    );
  }, [count.countId]);
  const form = useForm<Values>({ defaultValues: { lines: count.lines.map((line) => ({ itemId: line.itemId, countedQuantity: line.countedQuantity ?? undefined })) }, resolver });
  const values = useWatch({ control: form.control, name: 'lines' });
  const [completed, setCompleted] = useState(false);
  const guard = useUnsavedChangesGuard(form.formState.isDirty && !completed);

  const differences = count.lines.map((line, index) => {
    const counted = values[index]?.countedQuantity;
    return counted === undefined ? null : counted - line.bookQuantity;
  });
  const countedCount = differences.filter((difference) => difference !== null).length;
  const total = differences.reduce<number>((sum, difference) => sum + (difference ?? 0), 0);

  const ask = form.handleSubmit((biz) => setConfirming(biz as unknown as CompleteBiz));
  const complete = async (biz: CompleteBiz) => {
    await actions.context.mutate(inventoryApi.endpoints.completeInventoryCount, biz);
    guard.allowLeave();
    setCompleted(true);
    actions.context.succeeded('inventory.notice.countCompleted');
  };
  const fillBook = () =>
    count.lines.forEach((line, index) => {
      if (form.getValues(`lines.${index}.countedQuantity`) === undefined) form.setValue(`lines.${index}.countedQuantity`, line.bookQuantity, { shouldDirty: true });
    });
  const linesProblem = errorText(listError(form.formState.errors.lines));

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="count-sheet-title" data-testid="count-sheet">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h2" id="count-sheet-title">
          {t('inventory.form.sheetTitle')}
        </Typography>
        <Button size="small" variant="outlined" onClick={fillBook}>
          {t('inventory.form.fillBook')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('inventory.form.sheetHint')}
      </Typography>
      <Table size="small" aria-labelledby="count-sheet-title">
        <TableHead>
          <TableRow>
            <TableCell>{t('inventory.field.itemName')}</TableCell>
            <TableCell>{t('inventory.field.sku')}</TableCell>
            <TableCell align="right">{t('inventory.field.bookQuantity')}</TableCell>
            <TableCell align="right" sx={{ width: 170 }}>
              {t('inventory.field.countedQuantity')}
            </TableCell>
            <TableCell align="right" sx={{ width: 110 }}>
              {t('inventory.field.lineDifference')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {count.lines.map((line, index) => {
            const difference = differences[index] ?? null;
            return (
              <TableRow key={line.itemId} data-testid={`count-line-${line.itemId}`}>
                <TableCell>{line.itemName}</TableCell>
                <TableCell>{line.skuText}</TableCell>
                <TableCell align="right" data-testid="count-book">
                  {line.bookQuantity}
                </TableCell>
                <TableCell align="right">
                  <Controller
                    name={`lines.${index}.countedQuantity`}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <NumberInput
                        size="small"
                        value={field.value === undefined ? '' : String(field.value)}
                        onValueChange={(text) => field.onChange(text === '' ? undefined : Number(text))}
                        onBlur={field.onBlur}
                        error={Boolean(fieldState.error)}
                        helperText={errorText(fieldState.error)}
                        placeholder={t('inventory.form.notCounted')}
                        slotProps={{ htmlInput: { 'aria-label': t('inventory.form.countedOf', { item: `${line.itemName} ${line.skuText}`.trim() }), 'data-testid': 'count-counted', style: { textAlign: 'right' } } }}
                      />
                    )}
                  />
                </TableCell>
                <TableCell align="right" data-testid="count-difference" sx={{ color: difference ? (difference > 0 ? 'success.main' : 'error.main') : undefined, fontWeight: difference ? 600 : undefined }}>
                  {difference === null ? '—' : signed(difference)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {linesProblem && <Alert severity="error">{linesProblem}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" data-testid="count-summary">
          {t('inventory.form.countedSummary', { counted: countedCount, total: count.lines.length, difference: signed(total) })}
        </Typography>
        <PermissionButton variant="contained" permission={PERMISSIONS.inventoryEdit} onClick={() => void ask().catch(() => undefined)} data-testid="count-complete">
          {t('inventory.action.completeCount')}
        </PermissionButton>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={t('inventory.confirm.completeTitle')}
        content={t('inventory.confirm.complete', { counted: countedCount, total: count.lines.length, difference: signed(total) })}
        onConfirm={() => complete(confirming!)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={guard.asking}
        title={t('resourceKit.unsavedTitle')}
        content={t('resourceKit.unsavedContent')}
        confirmText={t('resourceKit.leave')}
        cancelText={t('resourceKit.stay')}
        onConfirm={() => guard.leave()}
        onClose={() => guard.stay()}
      />
    </Stack>
  );
}
