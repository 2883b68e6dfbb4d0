// A react-hook-form resolver whose zod schema is loaded on first validation, so zod is not part of
// the sign-in page's first JavaScript (docs/performance.md). Validation itself is unchanged.
// zodResolver is loaded then too: it imports zod's core, which a static import put back on /login.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Resolver<Input, unknown, Output> | null = null;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
      resolver ??= zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
    }
    return resolver(values, context, options);
  };
}
