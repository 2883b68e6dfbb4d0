// Test harness of the form engine's two screens: a definition drawn as a ResourceFormPage, or as a
// ResourceFormDialog opened from an action's context (`ctx.openDialog`), inside the real console (store,
// secure client in mode 'none' talking to the fake store server, i18n, notices, a data router with a
// list page and another page to leave to).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { setupUser } from '../../test/userEvents';
import { createSecureClient } from '@merchant/secure-transport';
import { TEST_CONFIG } from '../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeStoreServer } from '../../test/fakeStoreServer';
import { consoleApi } from '../app/api';
import { createConsole } from '../app/createConsole';
import { addFeatureMessages, type ConsoleLanguage, type FeatureMessages } from '../app/i18n';
import { NotificationCenter } from '../app/NotificationCenter';
import { shellMessages } from '../app/shellMessages';
import { ShellProviders } from '../app/ShellProviders';
import { ACCESS_TOKEN_KEY } from '../features/auth/tokenStorage';
import { contractMutation } from './contractEndpoint';
import { ResourceFormDialog } from './ResourceFormDialog';
import { ResourceFormPage } from './ResourceFormPage';
import type { ResourceFormDefinition, ResourceMutationEndpoint } from './types';
import { useResourceActions } from './useResourceActions';

/** The call the forms under test save with (no contract: the test's handler answers what it likes). */
export const FORM_TEST_PATH = '/v1/store/formTest/save';

const testApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({ formTestSave: build.mutation<unknown, unknown>(contractMutation({ path: FORM_TEST_PATH } as never, [])) }),
});
export const formTestSave = testApi.endpoints.formTestSave as ResourceMutationEndpoint<never>;

/** Labels of the test forms' fields in both languages. */
export const FORM_TEST_MESSAGES: FeatureMessages = {
  'zh-CN': { formTest: { title: '测试表单', name: '名称', mobile: '手机号', amount: '金额', count: '数量', kind: '类型', kindA: '甲', kindB: '乙', active: '启用', day: '日期', period: '有效期', remark: '备注', lines: '明细' } },
  'en-US': { formTest: { title: 'Test form', name: 'name', mobile: 'mobile', amount: 'amount', count: 'count', kind: 'kind', kindA: 'type A', kindB: 'type B', active: 'active', day: 'day', period: 'period', remark: 'remark', lines: 'lines' } },
};

export interface RenderResourceFormOptions {
  definition: ResourceFormDefinition<Record<string, unknown>>;
  screen: 'page' | 'dialog';
  language?: ConsoleLanguage;
  server?: FakeStoreServer;
  /** A feature's texts, for a feature's own form under test. */
  messages?: readonly FeatureMessages[];
  /** A screen of the test's own drawn at '/' instead of the page or dialog (a layout on the engine). */
  host?: () => React.ReactNode;
}

export const OPEN_DIALOG = 'open the form';

export function renderResourceForm({ definition, screen, language = 'en-US', server = createFakeStoreServer(), messages = [], host }: RenderResourceFormOptions) {
  function Shell({ children }: { children: React.ReactNode }) {
    const { i18n } = useTranslation();
    useState(() => addFeatureMessages(i18n, [...shellMessages, FORM_TEST_MESSAGES, ...messages], { silent: true }));
    return (
      <ShellProviders>
        {children}
        <NotificationCenter />
      </ShellProviders>
    );
  }
  function DialogHost() {
    const actions = useResourceActions();
    return (
      <>
        <button type="button" onClick={() => actions.context.openDialog((close) => <ResourceFormDialog definition={definition} titleKey="formTest.title" context={actions.context} onClose={close} />)}>
          {OPEN_DIALOG}
        </button>
        {actions.dialogs}
      </>
    );
  }
  const resource = { key: 'formTest.item', titleKey: 'formTest.title', listPath: '/list', form: definition };
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, DEMO_USER.token);
  const app = createConsole({
    config: TEST_CONFIG,
    language,
    manifest: [
      { path: '/', element: <Shell>{host ? host() : screen === 'page' ? <ResourceFormPage resource={resource} createTitleKey="formTest.title" editTitleKey="formTest.title" /> : <DialogHost />}</Shell> },
      { path: '/list', element: <p>list page</p> },
      { path: '/other', element: <p>other page</p> },
    ],
    createClient: ({ reactions, translate }) => createSecureClient({ baseUrl: TEST_CONFIG.apiBase, mode: 'none', fetch: server.fetch, reactions, translate }),
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: ['/'] }),
  });
  const user = setupUser();
  const view = render(app.element);
  const location = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;
  return { ...view, app, server, user, location };
}
