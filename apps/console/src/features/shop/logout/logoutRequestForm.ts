// The closing request of /shop/storeLogoutRiskWarning on the form kit: the reason, checked by the
// insertRecords contract (1–200 characters); the kit adds the idempotency key of the submit.
import { deregistrationEndpoints, insertLogoutRecordBiz } from '@merchant/api-contracts';
import { defineResourceForm } from '../../../resource-kit';
import { logoutApi } from './api';

export const logoutRequestForm = defineResourceForm<{ logoutReason: string }>({
  schema: insertLogoutRecordBiz,
  defaults: { logoutReason: '' },
  fields: [{ name: 'logoutReason', labelKey: 'shopLogout.risk.reason', kind: 'textarea', counter: 200, testId: 'logout-reason' }],
  create: { endpoint: logoutApi.endpoints.insertLogoutRecord as never, contract: deregistrationEndpoints.insertRecords },
  successKey: null,
});
