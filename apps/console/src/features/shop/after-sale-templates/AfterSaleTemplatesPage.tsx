// /shop/afterSale/afterSaleTenMaintenance (issue 27 §3; docs/merchant-centre.md "After-sale explanation templates"):
// the store's templates with how many goods use each, add and edit in a dialog (format buttons over the text, a
// preview drawn by RichTextView from the same sanitiser the server stores with), delete asking first. A template
// goods use is refused by the server (10100005 with the count); the dialog says so before asking.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AFTER_SALE_TEMPLATE_LIMITS, PERMISSIONS, richTextPlain } from '@merchant/api-contracts';
import { ConfirmDialog, PermissionButton } from '@merchant/ui-kit';
import { formatSecondsTimestamp } from '@merchant/ui-kit/format';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notificationsSlice';
import { RichTextView } from './RichTextView';
import { useAddAfterSaleTemplateMutation, useAfterSaleTemplatesQuery, useDeleteAfterSaleTemplateMutation, useEditAfterSaleTemplateMutation, type AfterSaleTemplate } from './api';

type Editing = { mode: 'add' } | { mode: 'edit'; template: AfterSaleTemplate };

/** Wraps the selection of the text area in a tag (or inserts an empty pair), keeping the caret inside. */
function wrapSelection(area: HTMLTextAreaElement | null, value: string, open: string, close: string): { value: string; caret: number } {
  const start = area?.selectionStart ?? value.length;
  const end = area?.selectionEnd ?? value.length;
  const next = `${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`;
  return { value: next, caret: end + open.length };
}

function TemplateDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const initial = editing.mode === 'edit' ? editing.template : undefined;
  const [name, setName] = useState(initial?.name ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [touched, setTouched] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const [add, adding] = useAddAfterSaleTemplateMutation();
  const [edit, editingState] = useEditAfterSaleTemplateMutation();
  const nameError = !name.trim() ? t('afterSaleTemplates.form.nameRequired') : name.trim().length > AFTER_SALE_TEMPLATE_LIMITS.nameMax ? t('afterSaleTemplates.form.nameTooLong') : '';
  const contentError = richTextPlain(content).length === 0 ? t('afterSaleTemplates.form.contentRequired') : '';
  const busy = adding.isLoading || editingState.isLoading;

  const format = (open: string, close: string) => {
    const next = wrapSelection(area.current, content, open, close);
    setContent(next.value);
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
  };
  const save = async () => {
    setTouched(true);
    if (nameError || contentError) return;
    try {
      if (initial) await edit({ templateId: initial.templateId, name: name.trim(), content }).unwrap();
      else await add({ name: name.trim(), content }).unwrap();
      dispatch(notify({ severity: 'success', message: t('afterSaleTemplates.saved') }));
      onClose();
    } catch {
      // The transport shows the refusal (console-spec §8); the dialog keeps what was typed.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="after-sale-template-dialog">
      <DialogTitle id="after-sale-template-dialog">{t(initial ? 'afterSaleTemplates.form.editTitle' : 'afterSaleTemplates.form.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('afterSaleTemplates.form.name')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            error={touched && Boolean(nameError)}
            helperText={touched ? nameError : ''}
            slotProps={{ htmlInput: { 'data-testid': 'after-sale-template-name' } }}
          />
          <ButtonGroup size="small" aria-label={t('afterSaleTemplates.form.content')}>
            <Button onClick={() => format('<h3>', '</h3>')}>{t('afterSaleTemplates.form.heading')}</Button>
            <Button onClick={() => format('<p>', '</p>')}>{t('afterSaleTemplates.form.paragraph')}</Button>
            <Button onClick={() => format('<strong>', '</strong>')}>{t('afterSaleTemplates.form.bold')}</Button>
            <Button onClick={() => format('<ul><li>', '</li></ul>')}>{t('afterSaleTemplates.form.list')}</Button>
          </ButtonGroup>
          <TextField
            label={t('afterSaleTemplates.form.content')}
            value={content}
            required
            multiline
            minRows={6}
            onChange={(event) => setContent(event.target.value)}
            error={touched && Boolean(contentError)}
            helperText={touched && contentError ? contentError : t('afterSaleTemplates.form.contentHint')}
            inputRef={area}
            slotProps={{ htmlInput: { 'data-testid': 'after-sale-template-content', maxLength: AFTER_SALE_TEMPLATE_LIMITS.contentMax } }}
          />
          <Box component="section" aria-labelledby="after-sale-template-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Typography id="after-sale-template-preview" variant="subtitle2" color="text.secondary">
              {t('afterSaleTemplates.form.previewHeading')}
            </Typography>
            <RichTextView html={content} testId="after-sale-template-preview" />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('afterSaleTemplates.form.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="after-sale-template-save">
          {t('afterSaleTemplates.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AfterSaleTemplatesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: templates = [], isError, isLoading } = useAfterSaleTemplatesQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<AfterSaleTemplate | null>(null);
  const [deleting, setDeleting] = useState<AfterSaleTemplate | null>(null);
  const [remove] = useDeleteAfterSaleTemplateMutation();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ templateId: deleting.templateId }).unwrap();
      dispatch(notify({ severity: 'success', message: t('afterSaleTemplates.deleted') }));
      setDeleting(null);
    } catch {
      // The transport shows the refusal (it says how many goods use the template); the dialog stays open.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="after-sale-templates-heading" variant="h5" component="h1">
          {t('afterSaleTemplates.heading')}
        </Typography>
        <PermissionButton permission={PERMISSIONS.templatesManage} variant="contained" onClick={() => setEditing({ mode: 'add' })} data-testid="after-sale-template-add">
          {t('afterSaleTemplates.add')}
        </PermissionButton>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t('afterSaleTemplates.intro')}
      </Typography>
      {isError && <Alert severity="error">{t('afterSaleTemplates.loadFailed')}</Alert>}
      {!isLoading && !isError && templates.length === 0 && <Typography color="text.secondary">{t('afterSaleTemplates.none')}</Typography>}
      {templates.length > 0 && (
        <Table size="small" aria-labelledby="after-sale-templates-heading" data-testid="after-sale-templates">
          <TableHead>
            <TableRow>
              <TableCell>{t('afterSaleTemplates.column.name')}</TableCell>
              <TableCell>{t('afterSaleTemplates.column.summary')}</TableCell>
              <TableCell align="right">{t('afterSaleTemplates.column.goods')}</TableCell>
              <TableCell>{t('afterSaleTemplates.column.updateTime')}</TableCell>
              <TableCell>{t('afterSaleTemplates.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {templates.map((template) => (
              <TableRow key={template.templateId} data-testid="after-sale-template-row">
                <TableCell>{template.name}</TableCell>
                <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{template.summary}</TableCell>
                <TableCell align="right">{template.goodsCount}</TableCell>
                <TableCell>{formatSecondsTimestamp(template.updateTime)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setPreviewing(template)} aria-label={`${t('afterSaleTemplates.preview')} ${template.name}`}>
                      {t('afterSaleTemplates.preview')}
                    </Button>
                    <PermissionButton permission={PERMISSIONS.templatesManage} size="small" onClick={() => setEditing({ mode: 'edit', template })} aria-label={`${t('afterSaleTemplates.edit')} ${template.name}`}>
                      {t('afterSaleTemplates.edit')}
                    </PermissionButton>
                    <PermissionButton permission={PERMISSIONS.templatesManage} size="small" color="error" onClick={() => setDeleting(template)} aria-label={`${t('afterSaleTemplates.delete')} ${template.name}`}>
                      {t('afterSaleTemplates.delete')}
                    </PermissionButton>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <TemplateDialog editing={editing} onClose={() => setEditing(null)} />}
      {previewing && (
        <Dialog open onClose={() => setPreviewing(null)} fullWidth maxWidth="sm" aria-labelledby="after-sale-template-view">
          <DialogTitle id="after-sale-template-view">{previewing.name}</DialogTitle>
          <DialogContent>
            <RichTextView html={previewing.content} testId="after-sale-template-view" />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreviewing(null)}>{t('afterSaleTemplates.form.cancel')}</Button>
          </DialogActions>
        </Dialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('afterSaleTemplates.confirm.deleteTitle')}
        content={
          deleting && deleting.goodsCount > 0
            ? t('afterSaleTemplates.confirm.inUse', { count: deleting.goodsCount, name: deleting.name })
            : t('afterSaleTemplates.confirm.delete', { name: deleting?.name ?? '' })
        }
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
