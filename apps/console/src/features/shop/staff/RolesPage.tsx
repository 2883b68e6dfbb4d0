// /shop/accountMgmt/roles (issue 26 §4): the store's roles with how many codes and accounts each has. New and edit
// open the kit's role form in a dialog; delete asks first, saying how many accounts lose the role's codes. A role
// holding codes the caller does not hold is not theirs to change (the contract's `manageable`).
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS } from '@merchant/api-contracts';
import { ActionButtons, ConfirmDialog, PermissionButton, type RowAction } from '@merchant/ui-kit';
import { PageError, PageLoading, RecordTable, ResourceFormDialog, ScreenSection, useResourceActions, type ResourceActionContext, type ResourceColumn } from '../../../resource-kit';
import { staffApi, useStaffRolesQuery, type StaffRole } from './api';
import { STAFF_PATHS } from './paths';
import { addRoleForm, editRoleForm } from './roleForm';

function roleActions(row: StaffRole, context: ResourceActionContext): RowAction[] {
  const { t } = context;
  return [
    {
      key: 'edit',
      label: t('shopStaff.roles.action.edit'),
      disabled: !row.manageable,
      onClick: () =>
        context.openDialog((close) => (
          <ResourceFormDialog definition={editRoleForm} titleKey="shopStaff.roles.form.editTitle" initial={{ roleId: row.roleId, name: row.name, permissions: row.permissions }} context={context} onClose={close} maxWidth="md" />
        )),
    },
    {
      key: 'delete',
      label: t('shopStaff.roles.action.delete'),
      color: 'error',
      disabled: !row.manageable,
      onClick: () =>
        context.openDialog((close) => (
          <ConfirmDialog
            open
            title={t('shopStaff.roles.deleteTitle', { name: row.name })}
            content={row.memberCount === 0 ? t('shopStaff.roles.deleteTextNone') : t('shopStaff.roles.deleteText', { count: row.memberCount })}
            confirmText={t('shopStaff.roles.action.delete')}
            onClose={close}
            onConfirm={() => context.perform(staffApi.endpoints.deleteRole, { roleId: row.roleId }, 'shopStaff.roles.deleted')}
          />
        )),
    },
  ];
}

export function RolesPage() {
  const { t } = useTranslation();
  const roles = useStaffRolesQuery(undefined, { refetchOnMountOrArgChange: true });
  const { context, dialogs } = useResourceActions();
  if (roles.isLoading) return <PageLoading />;
  if (!roles.data) return <PageError error={roles.error} onRetry={roles.refetch} />;

  const columns: ResourceColumn<StaffRole>[] = [
    { key: 'name', titleKey: 'shopStaff.roles.column.name' },
    { key: 'permissions', titleKey: 'shopStaff.roles.column.codes', format: (row) => String(row.permissions.length) },
    { key: 'memberCount', titleKey: 'shopStaff.roles.column.members' },
    {
      key: 'actions',
      derived: true,
      titleKey: 'shopStaff.roles.column.actions',
      format: () => '',
      render: (row) => (
        <>
          <ActionButtons actions={roleActions(row, context)} />
          {!row.manageable && (
            <Typography variant="caption" color="text.secondary">
              {t('shopStaff.roles.notManageable')}
            </Typography>
          )}
        </>
      ),
    },
  ];

  return (
    <ScreenSection title={t('shopStaff.roles.heading')} intro={t('shopStaff.roles.intro')} testId="roles-page">
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <PermissionButton
          variant="contained"
          permission={PERMISSIONS.staffManage}
          data-testid="role-add"
          onClick={() => context.openDialog((close) => <ResourceFormDialog definition={addRoleForm} titleKey="shopStaff.roles.form.addTitle" submitKey="shopStaff.roles.add" context={context} onClose={close} maxWidth="md" />)}
        >
          {t('shopStaff.roles.add')}
        </PermissionButton>
        <Button component={RouterLink} to={STAFF_PATHS.staff}>
          {t('shopStaff.menu.staff')}
        </Button>
      </Stack>
      <RecordTable titleKey="shopStaff.roles.list" rows={roles.data.list} columns={columns} rowKey={(row) => row.roleId} />
      {dialogs}
    </ScreenSection>
  );
}
