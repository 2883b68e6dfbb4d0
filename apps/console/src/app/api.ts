// The single RTK Query API; feature folders add their endpoints with `injectEndpoints`.
import { createApi } from '@reduxjs/toolkit/query/react';
import { secureBaseQuery } from './transport';

export const consoleApi = createApi({
  reducerPath: 'api',
  baseQuery: secureBaseQuery,
  tagTypes: ['CurrentUser', 'ImToken'],
  endpoints: () => ({}),
});

/**
 * A contract's path, written as a literal the compiler checks against the contract's own literal
 * type, so a screen can call an endpoint without loading the contract (and zod) at runtime. Use it on
 * the first-load path (sign-in); elsewhere `contract.path` is as good.
 */
export const contractPath = <C extends { readonly path: string }>(path: C['path']): C['path'] => path;
