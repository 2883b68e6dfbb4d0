import { useState, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PermissionButton } from '../components/PermissionButton';
import { useUiKitText } from '../i18n/locale-context';

export type RowId = string | number;

export interface BulkAction {
  key: string;
  label: ReactNode;
  /** Runs with the selected row ids; a returned promise keeps the confirm dialog busy. */
  onRun: (ids: RowId[]) => void | Promise<void>;
  permission?: string;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
  /** Ask before running; delete actions always ask (console-spec §4 "bulk delete asks confirmation"). */
  confirm?: { title: ReactNode; content?: ReactNode };
}

/** A bulk delete: always confirmed, error-coloured, with the standard texts unless given. */
export function bulkDeleteAction(onDelete: BulkAction['onRun'], options: Partial<Omit<BulkAction, 'onRun'>> = {}): BulkAction & { kind: 'delete' } {
  return { key: 'delete', label: undefined, color: 'error', ...options, onRun: onDelete, kind: 'delete' };
}

interface BulkActionBarProps {
  actions: readonly BulkAction[];
  selectedIds: RowId[];
  onDone(): void;
}

/** Buttons acting on the selected rows; disabled while nothing is selected. */
export function BulkActionBar({ actions, selectedIds, onDone }: BulkActionBarProps) {
  const t = useUiKitText();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const count = selectedIds.length;
  const run = async (action: BulkAction) => {
    await action.onRun(selectedIds);
    onDone();
  };
  const needsConfirm = (action: BulkAction) => Boolean(action.confirm) || isDelete(action);

  return (
    // Wraps on a narrow screen (the cards of issue 35 §10) instead of breaking its labels over two lines.
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }} role="toolbar" aria-label={t('selectedCount', { count })}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t('selectedCount', { count })}
      </Typography>
      {actions.map((action) => (
        <PermissionButton
          key={action.key}
          size="small"
          variant="outlined"
          color={action.color ?? 'primary'}
          permission={action.permission}
          disabled={count === 0}
          onClick={() => (needsConfirm(action) ? setPending(action) : void run(action).catch(() => undefined))}
        >
          {action.label ?? (isDelete(action) ? t('delete') : action.key)}
        </PermissionButton>
      ))}
      {pending && (
        <ConfirmDialog
          open
          title={pending.confirm?.title ?? t('bulkDeleteTitle', { count })}
          content={pending.confirm?.content ?? (isDelete(pending) ? t('bulkDeleteContent') : undefined)}
          onConfirm={() => run(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </Stack>
  );
}

function isDelete(action: BulkAction): boolean {
  return (action as { kind?: string }).kind === 'delete';
}
