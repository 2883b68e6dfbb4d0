// The staff account forms on the form kit (issue 26 §4): add (user name, nickname, first password twice, roles),
// edit (nickname, roles) and reset the password (twice). The rules are the contract's biz; the confirmation
// is the kit's withConfirmation and never sent. Roles offered are those the caller may assign (`manageable`).
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { staffEndpoints, type EndpointBiz } from '@merchant/api-contracts';
import { defineResourceForm, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import { withConfirmation } from '../../../resource-kit/confirmation';
import { staffApi, useStaffRolesQuery, type StaffRole } from './api';
import { staffFailureText } from './grants';

/** Several roles: the form keeps their ids; only roles the caller may assign are offered (and those already held). */
function RolesInput({ field, required, disabled }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const roles = useStaffRolesQuery();
  const chosenIds = (control.value as number[] | undefined) ?? [];
  const all = roles.data?.list ?? [];
  const options = all.filter((role) => role.manageable || chosenIds.includes(role.roleId));
  const chosen = chosenIds.map((id) => all.find((role) => role.roleId === id)).filter((role): role is StaffRole => role !== undefined);
  return (
    <Autocomplete<StaffRole, true>
      multiple
      id={control.id}
      options={options}
      value={chosen}
      disabled={disabled}
      loading={roles.isLoading}
      noOptionsText={t('shopStaff.staff.form.noRoleOptions')}
      getOptionLabel={(role) => role.name}
      getOptionDisabled={(role) => !role.manageable}
      isOptionEqualToValue={(option, value) => option.roleId === value.roleId}
      onChange={(_event, next) => control.onChange(next.map((role) => role.roleId))}
      onBlur={control.onBlur}
      renderValue={(value, getItemProps) => value.map((role, index) => <Chip size="small" label={role.name} {...getItemProps({ index })} key={role.roleId} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={control.label}
          required={required}
          error={Boolean(control.error)}
          helperText={control.helperText}
          inputRef={control.ref}
          size="small"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': control.testId } }}
        />
      )}
    />
  );
}

const rolesField: ResourceFormField = { name: 'roleIds', labelKey: 'shopStaff.staff.form.roles', kind: 'select', helperKey: 'shopStaff.staff.form.rolesHint', input: RolesInput, required: false, testId: 'staff-form-roles' };
const nicknameField: ResourceFormField = { name: 'nickname', labelKey: 'shopStaff.staff.form.nickname', kind: 'text', testId: 'staff-form-nickname' };

export type AddStaffValues = EndpointBiz<typeof staffEndpoints.addStaff> & { confirmPassword: string };

export const addStaffForm = defineResourceForm<AddStaffValues>({
  schema: withConfirmation(staffEndpoints.addStaff.biz, 'password', 'confirmPassword'),
  defaults: { userName: '', nickname: '', password: '', confirmPassword: '', roleIds: [] },
  fields: [
    { name: 'userName', labelKey: 'shopStaff.staff.form.userName', kind: 'text', testId: 'staff-form-userName' },
    nicknameField,
    { name: 'password', labelKey: 'shopStaff.staff.form.password', kind: 'password', helperKey: 'shopStaff.staff.form.passwordHint', testId: 'staff-form-password' },
    { name: 'confirmPassword', labelKey: 'shopStaff.staff.form.confirmPassword', kind: 'password', required: true, testId: 'staff-form-confirmPassword' },
    rolesField,
  ],
  create: {
    endpoint: staffApi.endpoints.addStaff as never,
    contract: staffEndpoints.addStaff,
    toBiz: ({ userName, nickname, password, roleIds }) => ({ userName, nickname, password, roleIds }),
  },
  successKey: 'shopStaff.staff.added',
  describeFailure: staffFailureText('staff'),
});

/** The account's id rides in the values (no field draws it), so the biz is the contract's as it is. */
export type EditStaffValues = EndpointBiz<typeof staffEndpoints.editStaff>;

export const editStaffForm = defineResourceForm<EditStaffValues>({
  schema: staffEndpoints.editStaff.biz,
  defaults: { userId: 0, nickname: '', roleIds: [] },
  fields: [nicknameField, rolesField],
  create: { endpoint: staffApi.endpoints.editStaff as never, contract: staffEndpoints.editStaff },
  describeFailure: staffFailureText('staff'),
});

export type ResetPasswordValues = EndpointBiz<typeof staffEndpoints.resetStaffPassword> & { confirmPassword: string };

export const resetPasswordForm = defineResourceForm<ResetPasswordValues>({
  schema: withConfirmation(staffEndpoints.resetStaffPassword.biz, 'password', 'confirmPassword'),
  defaults: { userId: 0, password: '', confirmPassword: '' },
  fields: [
    { name: 'password', labelKey: 'shopStaff.staff.form.newPassword', kind: 'password', testId: 'staff-form-newPassword' },
    { name: 'confirmPassword', labelKey: 'shopStaff.staff.form.confirmPassword', kind: 'password', required: true, testId: 'staff-form-confirmPassword' },
  ],
  create: {
    endpoint: staffApi.endpoints.resetStaffPassword as never,
    contract: staffEndpoints.resetStaffPassword,
    toBiz: ({ userId, password }) => ({ userId, password }),
  },
  successKey: 'shopStaff.staff.passwordReset',
  describeFailure: staffFailureText('staff'),
});
