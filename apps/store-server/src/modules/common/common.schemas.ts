import { z } from 'zod';
import { idField } from '../../shared/fields';

/** console-spec §7: operation types of the operation log. */
export const OPERATION_TYPES = ['OPEN_APP', 'CLOSE_APP', 'USER_LOGIN', 'USER_LOGOUT'] as const;
/** Our limit on one error report (records of the client's cache). */
export const MAX_ERROR_REPORT_RECORDS = 200;
export const DICTIONARY_TYPES = ['stockStatus', 'freightTemplateStatus', 'deliveryRangeStatus', 'withdrawBlacklistStatus'] as const;

const code = (name: string) => z.string({ error: `${name} is required` }).regex(/^\d{6}$/, `${name} must be 6 digits`);

export const operationLogBiz = z.object({
  operationType: z.enum(OPERATION_TYPES, { error: `operationType must be one of ${OPERATION_TYPES.join(', ')}` }),
  operationStartTime: z.number({ error: 'operationStartTime must be seconds' }).int('operationStartTime must be whole seconds').positive(),
});
export const errorReportBiz = z.object({
  errorCode: z.string({ error: 'errorCode is required' }).min(1).max(20),
  path: z.string({ error: 'path is required' }).min(1).max(300),
  reportedAt: z.number().int().positive().optional(),
  records: z.array(z.unknown(), { error: 'records must be a list' }).max(MAX_ERROR_REPORT_RECORDS, `at most ${MAX_ERROR_REPORT_RECORDS} records per report`),
});
export const asyncTaskBiz = z.object({ id: idField('id') });
export const categoryIdBiz = z.object({ categoryId: idField('categoryId') });
export const categoryListBiz = z.object({ parentId: z.coerce.number().int().min(0).default(0) });
export const entryFeeBiz = z.object({ cityCode: code('cityCode'), categoryId: idField('categoryId') });
export const singlePageBiz = z.object({ code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(50) });
export const districtBiz = z.object({ districtCode: code('districtCode') });
export const cityListBiz = z.object({ parentCode: z.string().regex(/^(0|\d{6})$/, 'parentCode must be 0 or 6 digits').optional() });
export const advertBiz = z.object({ position: z.string().trim().min(1).max(30).default('pc_home') });
export const dictionaryBiz = z.object({ dictType: z.enum(DICTIONARY_TYPES, { error: `dictType must be one of ${DICTIONARY_TYPES.join(', ')}` }) });
export const sowntownListBiz = z.object({ cityCode: code('cityCode').optional() });
