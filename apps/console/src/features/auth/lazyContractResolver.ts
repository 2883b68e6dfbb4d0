// A react-hook-form resolver checking the values with a contract's schema through the form kit's
// contractResolver (its problems are rule codes, said in the merchant's language by the fields). The schema
// and the resolver load on the first check, so zod and the contracts are not part of /login's first
// JavaScript (docs/performance.md).
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyContractResolver<Values extends FieldValues>(loadSchema: () => Promise<z.ZodType>): Resolver<Values> {
  let resolver: Resolver<Values> | null = null;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ contractResolver }, schema] = await Promise.all([import('../../resource-kit/formErrors'), loadSchema()]);
      resolver ??= contractResolver<Values>(schema);
    }
    return resolver(values, context, options);
  };
}
