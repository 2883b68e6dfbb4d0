// Test helpers for the dialog specs: a real RTK Query API over an in-memory media list (no mocks).
import type { ReactNode } from 'react';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { UiKitLocaleProvider, type TablePage } from '@merchant/ui-kit';
import type { LibraryFile } from '../src/picker/selection';
import type { FileListQuery } from '../src/upload/endpoints';

export const libraryFile = (id: number, name: string, extra: Partial<LibraryFile> & { path?: string } = {}): LibraryFile & { path: string } => ({
  fileId: id,
  objectName: name,
  objectUrl: `https://cdn.test/${name}`,
  objectSuffix: name.slice(name.lastIndexOf('.') + 1),
  createDate: 1_767_225_600 + id, // 2026-01-01 00:00:00 UTC + id seconds
  referenceCount: 0,
  fileTags: [],
  path: '/noWatermark',
  ...extra,
});

/** An in-memory media server answering queryResourceFileListByPath through a real RTK Query endpoint. */
export function createMediaListServer(files: (LibraryFile & { path: string })[]) {
  const queries: FileListQuery[] = [];
  const api = createApi({
    reducerPath: 'mediaTestApi',
    baseQuery: fakeBaseQuery<{ code: string; msg: string }>(),
    endpoints: (build) => ({
      listFiles: build.query<TablePage<LibraryFile>, FileListQuery>({
        queryFn: async (query) => {
          queries.push(query);
          const key = (query.searchKey ?? '').toLowerCase();
          const matching = files.filter(
            (file) =>
              file.path === query.path &&
              (!key || file.objectName.toLowerCase().includes(key)) &&
              (query.referenceCount === undefined || String(file.referenceCount) === String(query.referenceCount)),
          );
          const pageNum = query.pageNum ?? 1;
          const pageSize = query.pageSize ?? 5;
          return { data: { list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: matching.length, pageNum, pageSize } };
        },
      }),
    }),
  });
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (getDefault) => getDefault().concat(api.middleware) });
  return { api, store, queries, endpoint: api.endpoints.listFiles };
}

export function MediaTestProviders({ store, children }: { store: ReturnType<typeof createMediaListServer>['store']; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MemoryRouter>
        <UiKitLocaleProvider locale="en-US">{children}</UiKitLocaleProvider>
      </MemoryRouter>
    </Provider>
  );
}
