// The extension form checks what it will send with the contract's own schema (extendReturnPeriodBiz),
// so it refuses exactly what store-server would; the contract's English texts become one message in
// the merchant's language with the contract's limits (ORDER_LIMITS).
import type { Resolver, ResolverResult } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ORDER_LIMITS, extendReturnPeriodBiz } from '@merchant/api-contracts';

export interface ExtensionValues {
  /** As typed; empty until the merchant types a number. */
  days: string;
}

export const extensionBiz = (orderId: number, { days }: ExtensionValues) => ({ orderId, days: days.trim() === '' ? undefined : Number(days.trim()) });

/** i18n key of the problem with `days`, or null when the contract accepts the biz. */
export function extensionProblem(orderId: number, values: ExtensionValues): string | null {
  const result = extendReturnPeriodBiz.safeParse(extensionBiz(orderId, values));
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === 'days') ?? result.error.issues[0]!;
  return issue.code === 'invalid_type' && values.days.trim() === '' ? 'orders.extensions.daysRequired' : 'orders.extensions.daysRange';
}

export const daysLimits = { min: ORDER_LIMITS.extendDaysMin, max: ORDER_LIMITS.extendDaysMax };

/** react-hook-form resolver: valid values pass through, a refused `days` gets its message. */
export function extensionResolver(orderId: number, t: TFunction): Resolver<ExtensionValues> {
  return async (values): Promise<ResolverResult<ExtensionValues>> => {
    const problem = extensionProblem(orderId, values);
    if (!problem) return { values, errors: {} };
    return { values: {}, errors: { days: { type: 'validate', message: t(problem, daysLimits) } } };
  };
}

