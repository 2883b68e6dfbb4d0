// The count sheet of a count in progress (inventoryCount/detail, count/complete): each line shows the
// book quantity kept when the count started; the merchant enters the counted quantity, and the line's
// difference (counted − book) and the total update as they type. Lines left empty are not counted and
// keep their quantity. Completing asks first: the counted quantities become the items' quantities.
// A table of its own on the form kit's engine (useResourceForm): the contract's rules, errors in the
// merchant's words on their cells, the idempotency key and the unsaved-changes question are the kit's.
import { useMemo, useState } from 'react';
import { FormProvider, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, inventoryCountCompleteBiz, inventoryEndpoints, problemOf, ruleIssue, type EndpointData } from '@merchant/api-contracts';
import { ConfirmDialog, NumberInput, PermissionButton } from '@merchant/ui-kit';
import { defineResourceForm, problemText, textFieldProps, useFieldControl, useResourceActions, useResourceForm, type ResourceFormField } from '../../../resource-kit';
import { inventoryApi } from '../api';

type Count = EndpointData<typeof inventoryEndpoints.countDetail>;
interface Values extends Record<string, unknown> {
  countId: number;
  lines: Array<{ itemId: number; countedQuantity?: number }>;
}

/** The counted lines only; `indexes[k]` is the sheet row of the biz's k-th line (errors go back to it). */
export function countedLines(values: Pick<Values, 'lines'>) {
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

const contractLines = inventoryCountCompleteBiz.shape.lines;
const contractLine = contractLines.element;
// The sheet holds every line, an empty one not counted; the contract's lines (the counted ones) are what is sent.
const sheetSchema = z
  .object({ countId: inventoryCountCompleteBiz.shape.countId, lines: z.array(contractLine.extend({ countedQuantity: contractLine.shape.countedQuantity.optional() })) })
  .superRefine((sheet, ctx) => {
    const counted = countedLines(sheet).lines;
    const result = contractLines.safeParse(counted);
    // The list's own rules (none counted, twice the same item): said under the sheet.
    for (const issue of result.success ? [] : result.error.issues.filter((candidate) => candidate.path.length === 0)) {
      const { rule, ...parameters } = problemOf(issue, counted);
      ctx.addIssue(ruleIssue(rule, ['lines'], parameters));
    }
  });

const cellField = (index: number): ResourceFormField => ({ name: `lines.${index}.countedQuantity`, labelKey: 'inventory.field.countedQuantity', kind: 'integer' });

/** The sheet's form: a server problem on the biz's k-th line goes back to the sheet row it came from. */
function countForm(count: Count) {
  let sentRows: number[] = [];
  return defineResourceForm<Values>({
    schema: sheetSchema,
    defaults: { countId: count.countId, lines: count.lines.map((line) => ({ itemId: line.itemId, countedQuantity: line.countedQuantity ?? undefined })) },
    fields: count.lines.map((_line, index) => cellField(index)),
    fromWirePath: (path) => path.replace(/^lines\.(\d+)\./, (_match, k: string) => `lines.${sentRows[Number(k)] ?? k}.`),
    create: {
      endpoint: inventoryApi.endpoints.completeInventoryCount as never,
      contract: inventoryEndpoints.countComplete,
      toBiz: (values) => {
        const counted = countedLines(values);
        sentRows = counted.indexes;
        return { countId: values.countId, lines: counted.lines };
      },
    },
  });
}

export function CountSheet({ count }: { count: Count }) {
  const { t, i18n } = useTranslation();
  const actions = useResourceActions();
  const definition = useMemo(() => countForm(count), [count.countId]);
  const [confirming, setConfirming] = useState(false);
  const engine = useResourceForm(definition, { initial: definition.defaults, context: actions.context, successKey: 'inventory.notice.countCompleted', onSaved: () => setConfirming(false) });
  const values = (useWatch({ control: engine.form.control, name: 'lines' }) ?? []) as Values['lines'];

  const differences = count.lines.map((line, index) => {
    const counted = values[index]?.countedQuantity;
    return counted === undefined ? null : counted - line.bookQuantity;
  });
  const countedCount = differences.filter((difference) => difference !== null).length;
  const total = differences.reduce<number>((sum, difference) => sum + (difference ?? 0), 0);

  // The list's own rules: react-hook-form keeps a list's error under `root` once its rows are fields.
  const listProblem = problemText(i18n, (get(engine.form.formState.errors, 'lines') as { root?: { message?: string } } | undefined)?.root?.message, t('inventory.field.lines'));
  const problems = [...(listProblem ? [listProblem] : []), ...engine.formProblems];

  // Checked first (a refused sheet re-checks as the merchant types), then asked.
  const ask = engine.form.handleSubmit(() => setConfirming(true));
  const fillBook = () =>
    count.lines.forEach((line, index) => {
      const name: string = cellField(index).name;
      if (engine.form.getValues(name) === undefined) engine.form.setValue(name, line.bookQuantity, { shouldDirty: true });
    });

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
      <FormProvider {...engine.form}>
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
                    <CountedInput field={definition.fields[index]!} item={`${line.itemName} ${line.skuText}`.trim()} />
                  </TableCell>
                  <TableCell align="right" data-testid="count-difference" sx={{ color: difference ? (difference > 0 ? 'success.main' : 'error.main') : undefined, fontWeight: difference ? 600 : undefined }}>
                    {difference === null ? '—' : signed(difference)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </FormProvider>
      {problems.length > 0 && (
        <Alert severity="error" data-testid="count-problems">
          {problems.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" data-testid="count-summary">
          {t('inventory.form.countedSummary', { counted: countedCount, total: count.lines.length, difference: signed(total) })}
        </Typography>
        <PermissionButton variant="contained" permission={PERMISSIONS.inventoryEdit} loading={engine.submitting} onClick={() => void ask()} data-testid="count-complete">
          {t('inventory.action.completeCount')}
        </PermissionButton>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('inventory.confirm.completeTitle')}
        content={t('inventory.confirm.complete', { counted: countedCount, total: count.lines.length, difference: signed(total) })}
        onConfirm={() => engine.submit()}
        onClose={() => setConfirming(false)}
      />
      {engine.question}
    </Stack>
  );
}

/** A counted quantity in the sheet: named by its item (the column header is its visible label), empty until counted. */
function CountedInput({ field, item }: { field: ResourceFormField; item: string }) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  return (
    <NumberInput
      {...textFieldProps(control, { required: false, disabled: false })}
      label={undefined}
      fullWidth={false}
      value={control.value === undefined || control.value === null ? '' : String(control.value)}
      onValueChange={(text) => control.onChange(text === '' ? undefined : Number(text))}
      placeholder={t('inventory.form.notCounted')}
      slotProps={{ htmlInput: { 'aria-label': t('inventory.form.countedOf', { item }), 'data-testid': 'count-counted', style: { textAlign: 'right' } } }}
    />
  );
}
