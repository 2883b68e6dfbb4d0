// Issue 32 §3 and issue 31 "netcallMsg", in real Chromium against the real servers: the merchant places calls from
// a conversation's header (signalling only, no media) to a customer on the published im-core client in Node. The
// customer declines the first (the frame shows it declined), answers the second (connected, then the merchant hangs
// up), and is offline for the third (10201: the frame says so). Each ended call leaves a record in the conversation,
// on both sides. The customer is new to each run, so no other test's conversation is touched.
import { test, expect } from '@playwright/test';
import { parseCallRecord, type ImMessage, type ImSignalEvent } from '@merchant/im-core';
import { connectCustomer } from '../customer-client';
import { signInForChat } from '../support/sign-in';
import { IM_FRAME, seriousViolations } from '../support/axe';

const STORE_ACCOUNT = 's_1001';

test('a call placed and declined, one answered and hung up, one to an offline customer; each ended call is recorded on both sides', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const customerAccount = `c_call_${Date.now().toString(36)}`;
  const { shell, chat } = await signInForChat(page);
  await shell.openMessages();
  await expect(chat.frame.locator('main[data-synced="true"]')).toBeVisible();
  const customer = await connectCustomer(customerAccount, 'Carl Caller');
  const invitations: ImSignalEvent[] = [];
  customer.client.on('signalling', (event: ImSignalEvent) => event.type === 'invite' && invitations.push(event));
  const recordsOf = (messages: readonly ImMessage[]) => messages.filter((m) => m.type === 'g2').map((m) => parseCallRecord(m.attach));
  let loggedOut = false;
  try {
    await customer.sendText(STORE_ACCOUNT, 'Could you call me about the delivery?');
    await chat.openSession(customerAccount);

    // 1. Declined: the dialog rings until the customer declines, then says so.
    const dialog = await chat.placeCall('audio');
    await expect(dialog).toHaveAttribute('data-state', 'calling');
    await expect(dialog).toContainText(/Carl Caller|c_call_/);
    expect(await seriousViolations(page, { include: IM_FRAME })).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('outgoing-call-calling.png') });
    await expect.poll(() => invitations.length).toBe(1);
    const first = invitations[0]!;
    expect(first.channel.type).toBe(1);
    await customer.client.signalling.reject({ channelId: first.channel.channelId, account: STORE_ACCOUNT, requestId: first.requestId! });
    await expect(dialog).toHaveAttribute('data-state', 'declined');
    await chat.frame.getByTestId('outgoing-call-close').click();
    await expect(dialog).toBeHidden();
    // The frame speaks the console's language (the demo merchant's is zh-CN): the record by its status, and its words.
    const record = (status: string) => chat.frame.getByTestId('message-call-record').and(chat.frame.locator(`[data-call-status="${status}"]`));
    await expect(record('rejected')).toHaveCount(1);
    await expect(record('rejected')).toHaveText(/^(Call declined|对方已拒绝)$/);

    // 2. Answered, then hung up by the merchant: a completed video call.
    await chat.placeCall('video');
    await expect.poll(() => invitations.length).toBe(2);
    const second = invitations[1]!;
    expect(second.channel.type).toBe(2);
    await customer.client.signalling.accept({ channelId: second.channel.channelId, account: STORE_ACCOUNT, requestId: second.requestId! });
    await expect(dialog).toHaveAttribute('data-state', 'connected');
    await page.screenshot({ path: testInfo.outputPath('outgoing-call-connected.png') });
    await chat.frame.getByTestId('outgoing-call-hangup').click();
    await expect(dialog).toHaveAttribute('data-state', 'ended');
    await chat.frame.getByTestId('outgoing-call-close').click();
    await expect(record('completed')).toHaveAttribute('data-call-kind', 'video');
    await expect(record('completed')).toHaveText(/^(Video call|视频通话) · \d+:\d\d$/);
    await page.screenshot({ path: testInfo.outputPath('call-records.png') });

    // The customer's client got both records, pushed as netcallMsg.
    await expect.poll(() => recordsOf(customer.received)).toEqual([
      { channelId: first.channel.channelId, callType: 1, status: 'rejected' },
      { channelId: second.channel.channelId, callType: 2, status: 'completed', durationSeconds: expect.any(Number) },
    ]);

    // 3. Offline: nobody to ring (10201), said in the dialog; nothing was stored, so no record.
    await customer.close();
    loggedOut = true;
    await chat.placeCall('audio');
    await expect(dialog).toHaveAttribute('data-state', 'offline');
    await expect(dialog).toContainText(/offline|不在线/);
    await chat.frame.getByTestId('outgoing-call-close').click();
    await expect(chat.frame.getByTestId('message-call-record')).toHaveCount(2);
  } finally {
    if (!loggedOut) await customer.close();
  }
});
