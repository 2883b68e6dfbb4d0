// Toasts (issue 35 §7): one per topic, a newer one replaces the one of its topic, different topics show together.
import { act, render, screen, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { NotificationCenter } from './NotificationCenter';
import { dismissed, notificationsReducer, notify } from './notificationsSlice';

function setup() {
  const store = configureStore({ reducer: { notifications: notificationsReducer } });
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: { 'newOrders.paid': 'a new order was paid', 'message.newMessage': 'you received a new message', go: 'go' } } } });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <NotificationCenter />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  const shownTexts = () => screen.queryAllByTestId('notification').map((notice) => notice.textContent);
  return { store, shownTexts };
}

describe('toasts', () => {
  it("a newer result replaces the stale one instead of waiting behind it: the error of a failed save does not stay over the next save's success", () => {
    const { store, shownTexts } = setup();
    act(() => void store.dispatch(notify({ severity: 'error', message: 'Some fields need attention' })));
    act(() => void store.dispatch(notify({ severity: 'success', message: 'Saved' })));
    expect(shownTexts()).toEqual(['Saved']);
    expect(screen.getByTestId('notification')).toHaveAttribute('data-topic', 'result');
  });

  it('a new order does not hold back a chat message, and both show beside the result of an action', () => {
    const { store, shownTexts } = setup();
    act(() => void store.dispatch(notify({ severity: 'success', message: 'Shipped' })));
    act(() => void store.dispatch(notify({ topic: 'newOrder', severity: 'info', message: 'newOrders.paid', translate: true, link: { to: '/orders/1', labelKey: 'go' } })));
    act(() => void store.dispatch(notify({ topic: 'newMessage', severity: 'info', message: 'message.newMessage', translate: true })));
    expect(shownTexts()).toEqual(['Shipped', expect.stringContaining('a new order was paid'), 'you received a new message']);
    const order = screen.getAllByTestId('notification').find((notice) => notice.getAttribute('data-topic') === 'newOrder')!;
    expect(within(order).getByRole('link', { name: 'go' })).toHaveAttribute('href', '/orders/1');

    // A second new order replaces the first; closing one toast leaves the others.
    act(() => void store.dispatch(notify({ topic: 'newOrder', severity: 'info', message: 'another order' })));
    expect(shownTexts()).toEqual(['Shipped', 'you received a new message', 'another order']);
    const shipped = store.getState().notifications.shown.find((notice) => notice.message === 'Shipped')!;
    act(() => void store.dispatch(dismissed(shipped.id)));
    expect(shownTexts()).toEqual(['you received a new message', 'another order']);
  });

  it('each toast is announced to screen readers and closes from its own button', async () => {
    const { store, shownTexts } = setup();
    act(() => void store.dispatch(notify({ severity: 'warning', message: 'Check the stock' })));
    act(() => void store.dispatch(notify({ topic: 'newMessage', severity: 'info', message: 'message.newMessage', translate: true })));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    const warning = screen.getAllByTestId('notification')[0]!;
    act(() => within(warning).getByRole('button', { name: /close/i }).click());
    expect(shownTexts()).toEqual(['you received a new message']);
  });
});
