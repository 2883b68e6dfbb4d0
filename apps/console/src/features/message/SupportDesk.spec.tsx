// The console's side of the frame's support desk (issue 32): a `quickReplyRequest` from the frame's origin is
// answered with store-server's list under the request's id, a refusal as `deskError` with store-server's msg,
// and a request from another origin is not answered (nor sent on to store-server).
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { renderSignedIn, waitForPath, FRAME_ORIGIN } from '../../../test/renderConsole';
import { DEMO_OWNER, ok } from '../../../test/fakeStoreServer';

function postFromFrame(data: unknown, origin = FRAME_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const request = (requestId: string, action: unknown) => ({ source: 'merchant-im-frame', type: 'quickReplyRequest', payload: { requestId, action } });

describe('support desk bridge: quick replies', () => {
  it("answers the frame's list and changes with store-server's list, under the request's id", async () => {
    const { server } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    const list = [
      { replyId: 7, text: '您好，在的', updateTime: 1 },
      { replyId: 9, text: 'Thanks!', updateTime: 2 },
    ];
    server.on('/v1/store/im/quickReply/list', () => ok({ list }));
    server.on('/v1/store/im/quickReply/add', () => ok({ list: [...list, { replyId: 10, text: 'Bye', updateTime: 3 }] }));

    postFromFrame(request('forged', { kind: 'list' }), 'http://evil.example');
    postFromFrame(request('q1', { kind: 'list' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        { source: 'merchant-console', type: 'quickReplies', payload: { requestId: 'q1', list: [{ replyId: 7, text: '您好，在的' }, { replyId: 9, text: 'Thanks!' }] } },
        FRAME_ORIGIN,
      ),
    );
    postFromFrame(request('q2', { kind: 'add', text: 'Bye' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'quickReplies', payload: expect.objectContaining({ requestId: 'q2' }) }), FRAME_ORIGIN));
    expect(server.callsTo('/quickReply/add').map((call) => call.biz)).toEqual([{ text: 'Bye' }]);
    // The forged request reached neither store-server nor an answer.
    expect(server.callsTo('/quickReply/list')).toHaveLength(1);
    expect(post.mock.calls.some(([message]) => (message as { payload: { requestId?: string } }).payload.requestId === 'forged')).toBe(false);
  });

  it("tells the frame store-server's refusal, in the frame's request", async () => {
    const { server } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    server.on('/v1/store/im/quickReply/delete', () => ({ code: '10100004', msg: 'quick reply not found' }));
    postFromFrame(request('q1', { kind: 'delete', replyId: 3 }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ source: 'merchant-console', type: 'deskError', payload: { requestId: 'q1', reason: 'quick reply not found' } }, FRAME_ORIGIN),
    );
    expect(server.callsTo('/quickReply/delete').map((call) => call.biz)).toEqual([{ replyId: 3 }]);
  });
});

describe("support desk bridge: the customer's orders", () => {
  it("answers with store-server's orders of that buyer and the signed-in store, and opens the order the frame names", async () => {
    const { server, location } = await renderSignedIn({ user: DEMO_OWNER, path: '/message/message' });
    const frame = (await screen.findByTitle('Customer chat window')) as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    const order = { orderId: 41, orderNo: '20261102000041', status: 1, amountCents: 129_900, createTime: 1_793_000_000, itemCount: 1, items: [{ goodsId: 7, title: 'Oak table', quantity: 1 }] };
    server.on('/v1/store/im/desk/buyerOrders', () => ok({ storeId: 1001, list: [order] }));
    postFromFrame({ source: 'merchant-im-frame', type: 'buyerOrdersRequest', payload: { requestId: 'o1', account: 'c_demo1' } });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ source: 'merchant-console', type: 'buyerOrders', payload: { requestId: 'o1', storeId: 1001, account: 'c_demo1', list: [order] } }, FRAME_ORIGIN),
    );
    expect(server.callsTo('/desk/buyerOrders').map((call) => call.biz)).toEqual([{ buyerAccid: 'c_demo1' }]);

    postFromFrame({ source: 'merchant-im-frame', type: 'openOrder', payload: { orderId: 41 } }, 'http://evil.example');
    postFromFrame({ source: 'merchant-im-frame', type: 'openOrder', payload: { orderId: 41 } });
    await waitForPath(location, '/order/orderDetails?id=41');
  });
});
