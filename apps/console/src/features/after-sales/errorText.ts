// A refused after-sales call in the merchant's words. store-server already answers `msg` in the
// caller's language; the codes a merchant meets here (the record moved on, the amount is more than
// what is left, a second reply) get a text that says what happened on this screen.
import type { TFunction } from 'i18next';
import { STORE_CODES } from '@merchant/api-contracts';
import { isApiError } from '../../app/transport';

export type AfterSalesCall = 'refundAction' | 'pay' | 'approveAndPay' | 'reply' | 'respond';

const NOT_ALLOWED_KEY: Record<AfterSalesCall, string> = {
  refundAction: 'afterSales.errors.notAllowed',
  pay: 'afterSales.errors.payNotAllowed',
  approveAndPay: 'afterSales.errors.approveAndPayNotAllowed',
  reply: 'afterSales.errors.alreadyReplied',
  respond: 'afterSales.errors.notAllowed',
};

export function afterSalesErrorText(t: TFunction, call: AfterSalesCall, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === STORE_CODES.notAllowedInCurrentState) return t(NOT_ALLOWED_KEY[call]);
    if (error.code === STORE_CODES.notFound) return t('afterSales.errors.notFound');
    return t('afterSales.errors.failed', { msg: error.msg });
  }
  return t('afterSales.errors.failed', { msg: error instanceof Error ? error.message : String(error) });
}
