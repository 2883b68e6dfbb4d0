// The single RTK Query API; feature folders add their endpoints with `injectEndpoints`.
import { createApi } from '@reduxjs/toolkit/query/react';
import { secureBaseQuery } from './transport';

export const consoleApi = createApi({
  reducerPath: 'api',
  baseQuery: secureBaseQuery,
  tagTypes: ['CurrentUser', 'ImToken'],
  endpoints: () => ({}),
});
