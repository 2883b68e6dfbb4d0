// The role form on the form kit (issue 26 §4): a name and the codes as check boxes grouped by area, each with its
// name and what it lets one do (the contracts' PERMISSION_LABELS). A code the caller may not give (not theirs,
// or owner-only for a staff member) is shown disabled with the reason, both as a tooltip and to screen readers.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PERMISSION_AREAS, PERMISSION_LABELS, staffEndpoints, type EndpointBiz, type PermissionCode } from '@merchant/api-contracts';
import { defineResourceForm, useFieldControl, type ResourceFormField, type ResourceFormInputProps } from '../../../resource-kit';
import { staffApi } from './api';
import { grantRefusal, staffFailureText, useCaller } from './grants';

const hiddenText: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function CodesInput({ field, required, context }: ResourceFormInputProps) {
  const { t } = useTranslation();
  const control = useFieldControl(field);
  const caller = useCaller();
  const chosen = new Set((control.value as PermissionCode[] | undefined) ?? []);
  const toggle = (code: PermissionCode, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    // Kept in catalogue order, so the same codes always read the same.
    control.onChange(PERMISSION_AREAS.flatMap((area) => area.codes).filter((candidate) => next.has(candidate)));
  };
  let focusTaken = false;
  const someRefused = PERMISSION_AREAS.some((area) => area.codes.some((code) => grantRefusal(code, caller) !== undefined));
  return (
    <FormControl component="fieldset" error={Boolean(control.error)} required={required} fullWidth aria-describedby={control.error || someRefused ? `${control.id}-helper` : undefined} data-testid="role-form-codes">
      <FormLabel component="legend">{control.label}</FormLabel>
      {(control.error || someRefused) && (
        <FormHelperText id={`${control.id}-helper`} sx={{ mx: 0 }}>
          {control.error ?? t('shopStaff.roles.form.codesHint')}
        </FormHelperText>
      )}
      {PERMISSION_AREAS.map((area) => (
        <Box component="fieldset" key={area.key} sx={{ border: 0, p: 0, m: 0, mt: 1.5 }}>
          <Typography component="legend" variant="subtitle2">
            {t('shopStaff.roles.form.area', { area: area.name[context.locale], chosen: area.codes.filter((code) => chosen.has(code)).length, total: area.codes.length })}
          </Typography>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {area.codes.map((code) => {
              const refusal = grantRefusal(code, caller);
              const reason = refusal ? t(`shopStaff.roles.cannotGrant.${refusal}`) : undefined;
              const reasonId = `${control.id}-${code}-reason`;
              const takesFocus = !refusal && !focusTaken;
              if (takesFocus) focusTaken = true;
              const box = (
                <FormControlLabel
                  disabled={Boolean(refusal)}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.has(code)}
                      onChange={(event) => toggle(code, event.target.checked)}
                      onBlur={control.onBlur}
                      slotProps={{ input: { ref: takesFocus ? control.ref : undefined, 'aria-describedby': reason ? reasonId : undefined, 'data-testid': `role-code-${code}` } as never }}
                    />
                  }
                  label={
                    <span>
                      {PERMISSION_LABELS[code].name[context.locale]}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {code}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {PERMISSION_LABELS[code].description[context.locale]}
                      </Typography>
                      {reason && (
                        <span id={reasonId} style={hiddenText}>
                          {reason}
                        </span>
                      )}
                    </span>
                  }
                />
              );
              return reason ? (
                <Tooltip key={code} title={reason} placement="top-start">
                  <span>{box}</span>
                </Tooltip>
              ) : (
                <span key={code}>{box}</span>
              );
            })}
          </FormGroup>
        </Box>
      ))}
    </FormControl>
  );
}

const nameField: ResourceFormField = { name: 'name', labelKey: 'shopStaff.roles.form.name', kind: 'text', testId: 'role-form-name' };
const codesField: ResourceFormField = { name: 'permissions', labelKey: 'shopStaff.roles.form.codes', kind: 'select', picked: true, input: CodesInput };

export type AddRoleValues = EndpointBiz<typeof staffEndpoints.addRole>;
/** The role's id rides in the values (no field draws it). */
export type EditRoleValues = EndpointBiz<typeof staffEndpoints.editRole>;

export const addRoleForm = defineResourceForm<AddRoleValues>({
  schema: staffEndpoints.addRole.biz,
  defaults: { name: '', permissions: [] },
  fields: [nameField, codesField],
  create: { endpoint: staffApi.endpoints.addRole as never, contract: staffEndpoints.addRole },
  successKey: 'shopStaff.roles.added',
  describeFailure: staffFailureText('role'),
});

export const editRoleForm = defineResourceForm<EditRoleValues>({
  schema: staffEndpoints.editRole.biz,
  defaults: { roleId: 0, name: '', permissions: [] },
  fields: [nameField, codesField],
  create: { endpoint: staffApi.endpoints.editRole as never, contract: staffEndpoints.editRole },
  describeFailure: staffFailureText('role'),
});
