// An area's texts arrive with its screens (routes/areaTexts.tsx): the onboarding texts are not in the
// start's i18n resources, and a screen behind withAreaTexts never renders with an untranslated key.
import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { createMemoryRouter } from 'react-router';
import { createConsoleI18n, type FeatureMessages } from '../app/i18n';
import { registeredMessages } from '../features/registered/messages';
import { toRouteObjects } from './routeHandle';
import { withAreaTexts } from './areaTexts';

const DEMO: FeatureMessages = { 'zh-CN': { demo: { hello: '你好' } }, 'en-US': { demo: { hello: 'Hello' } } };

describe('area texts', () => {
  it('leaves the onboarding texts out of the start', () => {
    const i18n = createConsoleI18n('en-US');
    expect(i18n.exists('auth.login.title')).toBe(true);
    expect(i18n.exists('registered.userReg.title')).toBe(false);
    expect(registeredMessages['en-US']).toHaveProperty('registered.userReg.title');
  });

  it('renders the screens behind them only with their texts', async () => {
    const i18n = createConsoleI18n('en-US');
    const seen: string[] = [];
    function Page() {
      const { t } = useTranslation();
      seen.push(t('demo.hello'));
      return <p>{t('demo.hello')}</p>;
    }
    const router = createMemoryRouter(toRouteObjects([withAreaTexts(async () => [DEMO], [{ path: '/demo', element: <Page /> }])]), { initialEntries: ['/demo'] });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((text) => text === 'Hello')).toBe(true);
    expect(i18n.getResource('zh-CN', 'translation', 'demo.hello')).toBe('你好');
  });
});
