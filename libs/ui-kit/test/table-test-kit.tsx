// Test helpers for the table specs: a real RTK Query API over an in-memory server (no mocks).
import type { ReactNode } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import type { TablePage, TableQuery } from '../src/table/table-constants';

export interface Row {
  id: number;
  name: string;
}

/** An in-memory list server: filters by `keyword`, sorts by `id`, can be told to fail. */
export function createListServer(count: number) {
  const state = { rows: Array.from({ length: count }, (_, i): Row => ({ id: i + 1, name: `row ${i + 1}` })), failWith: '' };
  const queries: TableQuery[] = [];
  const list = (query: TableQuery): TablePage<Row> => {
    queries.push(query);
    const keyword = String(query.filters.keyword ?? '');
    let matching = state.rows.filter((row) => row.name.includes(keyword));
    if (query.sort?.field === 'id' && query.sort.direction === 'desc') matching = [...matching].reverse();
    const start = (query.pageNum - 1) * query.pageSize;
    return { list: matching.slice(start, start + query.pageSize), total: matching.length, pageNum: query.pageNum, pageSize: query.pageSize };
  };
  const api = createApi({
    reducerPath: 'testApi',
    baseQuery: fakeBaseQuery<{ code: string; msg: string }>(),
    tagTypes: ['Row'],
    endpoints: (build) => ({
      listRows: build.query<TablePage<Row>, TableQuery>({
        queryFn: async (query) => (state.failWith ? { error: { code: 'E1', msg: state.failWith } } : { data: list(query) }),
        providesTags: ['Row'],
      }),
      deleteRows: build.mutation<null, number[]>({
        queryFn: async (ids) => {
          state.rows = state.rows.filter((row) => !ids.includes(row.id));
          return { data: null };
        },
        invalidatesTags: ['Row'],
      }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return { state, queries, api, store };
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

export function withStoreAndRouter(store: ReturnType<typeof createListServer>['store'], children: ReactNode, initialUrl = '/') {
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[initialUrl]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </Provider>
  );
}
