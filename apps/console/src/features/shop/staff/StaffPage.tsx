// /shop/accountMgmt/staff (issue 26 §4): the store's accounts, owner first. The owner's row is marked and offers
// nothing; a staff row offers edit, disable or enable, reset password (each only when the contract's `manageable`
// says the caller may) and its effective-access report. Every form is the kit's, in a dialog.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, STAFF_STATUS, STAFF_STATUS_LABELS } from '@merchant/api-contracts';
import { ActionButtons, ConfirmDialog, PermissionButton, formatSecondsTimestamp, type RowAction } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, ResourceFormDialog, ScreenSection, statusFromLabels, useResourceActions, type ResourceActionContext, type ResourceColumn } from '../../../resource-kit';
import { staffApi, useStaffListQuery, type StaffAccount } from './api';
import { useCaller } from './grants';
import { STAFF_PATHS } from './paths';
import { addStaffForm, editStaffForm, resetPasswordForm } from './staffForms';

export const STAFF_STATUS_MAPPING = statusFromLabels(STAFF_STATUS_LABELS.labels, { [STAFF_STATUS.enabled]: 'success', [STAFF_STATUS.disabled]: 'default' });

function staffActions(row: StaffAccount, self: boolean, context: ResourceActionContext): RowAction[] {
  const { t } = context;
  const enabled = row.status === STAFF_STATUS.enabled;
  const setStatus = (status: typeof STAFF_STATUS.enabled | typeof STAFF_STATUS.disabled, messageKey: string) =>
    context.perform(staffApi.endpoints.setStaffStatus, { userId: row.userId, status }, messageKey);
  return [
    {
      key: 'edit',
      label: t('shopStaff.staff.action.edit'),
      disabled: !row.manageable,
      onClick: () =>
        context.openDialog((close) => (
          <ResourceFormDialog definition={editStaffForm} titleKey="shopStaff.staff.form.editTitle" initial={{ userId: row.userId, nickname: row.nickname, roleIds: row.roles.map((role) => role.roleId) }} context={context} onClose={close} />
        )),
    },
    enabled
      ? {
          key: 'disable',
          label: t('shopStaff.staff.action.disable'),
          color: 'error',
          disabled: !row.manageable || self,
          onClick: () =>
            context.openDialog((close) => (
              <ConfirmDialog
                open
                title={t('shopStaff.staff.disableTitle', { name: row.userName })}
                content={t('shopStaff.staff.disableText')}
                confirmText={t('shopStaff.staff.action.disable')}
                onClose={close}
                onConfirm={() => setStatus(STAFF_STATUS.disabled, 'shopStaff.staff.disabled')}
              />
            )),
        }
      : { key: 'enable', label: t('shopStaff.staff.action.enable'), disabled: !row.manageable || self, onClick: () => void setStatus(STAFF_STATUS.enabled, 'shopStaff.staff.enabled').catch(() => undefined) },
    {
      key: 'resetPassword',
      label: t('shopStaff.staff.action.resetPassword'),
      disabled: !row.manageable || self,
      onClick: () =>
        context.openDialog((close) => (
          <ResourceFormDialog definition={resetPasswordForm} titleKey="shopStaff.staff.form.resetTitle" hintKey="shopStaff.staff.form.resetHint" initial={{ userId: row.userId, password: '', confirmPassword: '' }} context={context} onClose={close} />
        )),
    },
    { key: 'access', label: t('shopStaff.staff.action.access'), onClick: () => context.navigate(STAFF_PATHS.access(row.userId)) },
  ];
}

function NameCell({ row, self }: { row: StaffAccount; self: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{row.userName}</span>
      {row.owner && <Chip size="small" color="primary" label={t('shopStaff.staff.owner')} data-testid="staff-owner" />}
      {self && <Chip size="small" variant="outlined" label={t('shopStaff.staff.you')} />}
    </Stack>
  );
}

function ActionsCell({ row, self, context }: { row: StaffAccount; self: boolean; context: ResourceActionContext }): ReactNode {
  const { t } = useTranslation();
  if (row.owner)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="staff-no-actions">
        {t('shopStaff.staff.noActions')}
      </Typography>
    );
  return (
    <>
      <ActionButtons actions={staffActions(row, self, context)} />
      {!row.manageable && (
        <Typography variant="caption" color="text.secondary">
          {t('shopStaff.staff.notManageable')}
        </Typography>
      )}
    </>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const staff = useStaffListQuery(undefined, { refetchOnMountOrArgChange: true });
  const caller = useCaller();
  const { context, dialogs } = useResourceActions();
  if (staff.isLoading) return <PageLoading />;
  if (!staff.data) return <PageError error={staff.error} onRetry={staff.refetch} />;
  const isSelf = (row: StaffAccount) => row.userId === caller.userId;

  const columns: ResourceColumn<StaffAccount>[] = [
    { key: 'userName', titleKey: 'shopStaff.staff.column.userName', render: (row) => <NameCell row={row} self={isSelf(row)} /> },
    { key: 'nickname', titleKey: 'shopStaff.staff.column.nickname' },
    {
      key: 'roles',
      titleKey: 'shopStaff.staff.column.roles',
      format: (row, { t: tr }) => (row.owner ? tr('shopStaff.staff.allCodes') : row.roles.length === 0 ? tr('shopStaff.staff.noRoles') : row.roles.map((role) => role.name).join(', ')),
    },
    { key: 'status', titleKey: 'shopStaff.staff.column.status', status: STAFF_STATUS_MAPPING },
    { key: 'lastSignInAt', titleKey: 'shopStaff.staff.column.lastSignIn', format: (row, { t: tr }) => (row.lastSignInAt === null ? tr('shopStaff.staff.never') : formatSecondsTimestamp(row.lastSignInAt)) },
    { key: 'actions', derived: true, titleKey: 'shopStaff.staff.column.actions', format: () => '', render: (row) => <ActionsCell row={row} self={isSelf(row)} context={context} /> },
  ];

  return (
    <ScreenSection title={t('shopStaff.staff.heading')} intro={t('shopStaff.staff.intro')} testId="staff-page">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <PermissionButton
          variant="contained"
          permission={PERMISSIONS.staffManage}
          data-testid="staff-add"
          onClick={() => context.openDialog((close) => <ResourceFormDialog definition={addStaffForm} titleKey="shopStaff.staff.form.addTitle" submitKey="shopStaff.staff.add" context={context} onClose={close} />)}
        >
          {t('shopStaff.staff.add')}
        </PermissionButton>
        <Button component={RouterLink} to={STAFF_PATHS.roles}>
          {t('shopStaff.menu.roles')}
        </Button>
      </Stack>
      <RecordTable titleKey="shopStaff.staff.list" rows={staff.data.list} columns={columns} rowKey={(row) => row.userId} />
      {dialogs}
    </ScreenSection>
  );
}
