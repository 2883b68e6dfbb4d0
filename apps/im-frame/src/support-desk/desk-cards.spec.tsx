// Support desk cards (issue 32): from the customer's orders panel the merchant sends an order or one of its goods into
// the conversation as a custom message (api-contracts' deskCardAttach); the conversation draws the card from its
// fields in the reader's language, as text only, and its button asks the console to open the order or the goods.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deskCardAttach, deskCardOf, type DeskCard, type DeskOrder } from '@merchant/api-contracts';
import type { ChatMessage } from '../chat/chat-client';
import { ChatController } from '../chat/chat-controller';
import { MessageContent } from '../conversation/message-content';
import { FakeChatClient } from '../test/fake-chat-client';
import { fakeDesk } from '../test/fake-desk';
import { renderWithI18n } from '../test/render-frame';
import { createFrameI18n, type FrameLanguage } from '../i18n/frame-i18n';
import { messageDisplayText } from '../i18n/message-text';
import { SupportDeskProvider } from './desk-context';
import { CustomerOrdersButton, type SendDeskCard } from './customer-orders';

const ORDER: DeskOrder = { orderId: 41, orderNo: '20261102000041', status: 1, amountCents: 129_900, createTime: 1_793_000_000, itemCount: 3, items: [{ goodsId: 7, title: 'Oak dining table', quantity: 1 }, { goodsId: 8, title: 'Oak chair', quantity: 2 }] };
const ORDER_CARD: DeskCard = { kind: 'order', orderId: 41, orderNo: '20261102000041', status: 1, amountCents: 129_900, itemCount: 3 };

function renderPanel(onSendCard: SendDeskCard | undefined, language: FrameLanguage = 'en-US') {
  const { desk } = fakeDesk({ orders: [ORDER] });
  renderWithI18n(
    <SupportDeskProvider desk={desk}>
      <CustomerOrdersButton sessionId="p2p-c_demo1" name="Alice Chen" onSendCard={onSendCard} />
    </SupportDeskProvider>,
    language,
  );
}

const cardMessage = (attach: string): ChatMessage => ({ idClient: 'out-1', sessionId: 'p2p-c_demo1', from: 's_1001', to: 'c_demo1', type: 'custom', text: '', attach, time: 1, flow: 'out', status: 'success' });

function renderCard(attach: string, options: { language?: FrameLanguage; inConsole?: boolean } = {}) {
  const { desk, sent } = fakeDesk();
  const content = <MessageContent message={cardMessage(attach)} />;
  renderWithI18n(options.inConsole === false ? content : <SupportDeskProvider desk={desk}>{content}</SupportDeskProvider>, options.language ?? 'en-US');
  return { sent };
}

describe('sending a card from the customer\'s orders', () => {
  it('sends the order as a card with its words in the merchant\'s language, and closes the panel once sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSendCard = jest.fn<ReturnType<SendDeskCard>, Parameters<SendDeskCard>>().mockResolvedValue(true);
    renderPanel(onSendCard);
    await user.click(screen.getByRole('button', { name: "Alice Chen's orders" }));
    const panel = await screen.findByRole('dialog', { name: "Alice Chen's orders with this store" });
    await user.click(await within(panel).findByRole('button', { name: 'Send order card of 20261102000041 to the customer' }));
    expect(onSendCard).toHaveBeenCalledWith(ORDER_CARD, { title: 'Order 20261102000041', text: 'to ship · ¥1299.00 · 3 items' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends one of the order\'s goods as a goods card; a refused send keeps the panel open', async () => {
    const user = userEvent.setup({ delay: null });
    const onSendCard = jest.fn<ReturnType<SendDeskCard>, Parameters<SendDeskCard>>().mockResolvedValue(false);
    renderPanel(onSendCard, 'zh-CN');
    await user.click(screen.getByRole('button', { name: 'Alice Chen 的订单' }));
    const panel = await screen.findByRole('dialog');
    await user.click(await within(panel).findByRole('button', { name: '发送商品卡片：Oak chair' }));
    expect(onSendCard).toHaveBeenCalledWith({ kind: 'goods', goodsId: 8, title: 'Oak chair' }, { title: 'Oak chair', text: '本店商品' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no send where the client cannot send cards', async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel(undefined);
    await user.click(screen.getByRole('button', { name: "Alice Chen's orders" }));
    const panel = await screen.findByRole('dialog');
    await within(panel).findAllByTestId('customer-order');
    expect(within(panel).queryByTestId('customer-order-send')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('customer-order-send-goods')).not.toBeInTheDocument();
  });
});

describe('a card in the conversation', () => {
  it('is drawn from its fields in the reader\'s language, whatever words it was sent with, and opens the order in the console', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderCard(deskCardAttach(ORDER_CARD, { title: 'Order 20261102000041', text: 'to ship · ¥1299.00 · 3 items' }), { language: 'zh-CN' });
    const card = screen.getByTestId('message-desk-card');
    expect(within(card).getByTestId('desk-card-title')).toHaveTextContent('订单 20261102000041');
    expect(within(card).getByTestId('desk-card-text')).toHaveTextContent('待发货 · ¥1299.00 · 共 3 件');
    await user.click(within(card).getByRole('button', { name: '在后台查看订单 20261102000041' }));
    expect(sent.at(-1)).toEqual({ type: 'openOrder', payload: { orderId: 41 } });
  });

  it('shows a hostile goods title as text and opens the goods; outside the console it has no button', async () => {
    const user = userEvent.setup({ delay: null });
    const title = '<img src=x onerror=__p=1>';
    const attach = deskCardAttach({ kind: 'goods', goodsId: 8, title }, { title, text: '' });
    const { sent } = renderCard(attach);
    const card = screen.getByTestId('message-desk-card');
    expect(within(card).getByTestId('desk-card-title').textContent).toBe(title);
    expect(card.querySelector('img')).toBeNull();
    await user.click(within(card).getByRole('button', { name: `Open goods “${title}” in the console` }));
    expect(sent.at(-1)).toEqual({ type: 'openGoods', payload: { goodsId: 8 } });
  });

  it('has no open button outside the console, and a custom message without a valid card stays a plain custom card', () => {
    renderCard(deskCardAttach(ORDER_CARD, { title: 'x', text: 'y' }), { inConsole: false });
    expect(screen.getByTestId('message-desk-card')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a card that breaks its rules is shown as the plain title and text it was sent with', () => {
    renderCard(JSON.stringify({ title: 'Order 1', text: 'see the console', deskCard: { kind: 'order', orderId: -1 } }));
    expect(screen.queryByTestId('message-desk-card')).not.toBeInTheDocument();
    expect(screen.getByTestId('message-custom')).toHaveTextContent('Order 1');
  });
});

describe('a card in previews (the session row, a reply quote)', () => {
  it('names itself by kind and title in the frame\'s language', () => {
    const en = createFrameI18n('en-US').t;
    const zh = createFrameI18n('zh-CN').t;
    expect(messageDisplayText(cardMessage(deskCardAttach(ORDER_CARD, { title: 'x', text: '' })), en)).toBe('[Order card] Order 20261102000041');
    expect(messageDisplayText(cardMessage(deskCardAttach({ kind: 'goods', goodsId: 8, title: 'Oak chair' }, { title: 'x', text: '' })), zh)).toBe('[商品卡片] Oak chair');
    expect(messageDisplayText(cardMessage(JSON.stringify({ title: 'Hello' })), en)).toBe('[Custom message]');
  });
});

describe('ChatController.sendCard', () => {
  it('sends the card as a custom message into the conversation and shows it there', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    const sent = await controller.sendCard('p2p-c_demo1', ORDER_CARD, { title: 'Order 20261102000041', text: 'to ship' });
    expect(client.customsSent).toHaveLength(1);
    const [sessionId, attach] = client.customsSent[0];
    expect(sessionId).toBe('p2p-c_demo1');
    expect(deskCardOf(attach)).toEqual(ORDER_CARD);
    expect(JSON.parse(attach)).toMatchObject({ title: 'Order 20261102000041', text: 'to ship' });
    expect(sent?.type).toBe('custom');
    expect(controller.canSendCards).toBe(true);
  });

  it('refuses a card that breaks its rules before anything is sent, and says why', async () => {
    const client = new FakeChatClient();
    const controller = new ChatController(client);
    const sent = await controller.sendCard('p2p-c_demo1', { ...ORDER_CARD, orderId: 0 }, { title: 't', text: '' });
    expect(sent).toBeUndefined();
    expect(client.customsSent).toHaveLength(0);
    expect(controller.getState().sendError).toBeTruthy();
  });
});
