// A value the merchant types twice (a new password, a pay password): the form checks that both match and
// never sends the second. Its own small module: the sign-in schemas load it lazily without the kit.
import { z } from 'zod';
import { ruleIssue } from '@merchant/api-contracts';

/** The contract's biz plus `confirmName`, which must equal `field` (the contracts' confirmDiffers rule). */
export function withConfirmation<S extends z.ZodObject, C extends string>(schema: S, field: keyof z.output<S> & string, confirmName: C) {
  return schema.safeExtend({ [confirmName]: z.string() } as Record<C, z.ZodString>).superRefine((values, ctx) => {
    const all = values as Record<string, unknown>;
    if (all[field] !== all[confirmName]) ctx.addIssue(ruleIssue('confirmDiffers', [confirmName]));
  });
}
