// Stick-top conversations through the real stack: the merchant sticks a conversation from its
// actions menu, it moves to the top of the list above newer ones, and a reload of the frame (its
// cache in memory with Playwright's default flags, so the state comes back from im-server's sync)
// keeps it there. The console (and so the frame) is in Chinese by default.
import { test, expect } from '@playwright/test';
import { connectCustomer } from '../customer-client';
import { signInForChat as signIn } from '../support/sign-in';
import { IM_FRAME, seriousViolations } from '../support/axe';

const STORE_ACCOUNT = 's_1001';
const unique = () => Date.now().toString(36);

test('a conversation stuck to the top moves above newer ones and stays there after the frame reloads', async ({ page }) => {
  const { shell, chat } = await signIn(page);
  await shell.openMessages();
  await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');

  const run = unique();
  const pinned = `c_pin_${run}`;
  const later = `c_later_${run}`;
  const first = await connectCustomer(pinned, 'Pat Pinned');
  const second = await connectCustomer(later, 'Lee Later');
  try {
    await first.sendText(STORE_ACCOUNT, `Please keep my order on hold #${run}`);
    await expect(chat.session(pinned)).toContainText('Pat Pinned');
    await second.sendText(STORE_ACCOUNT, `Do you ship abroad? #${run}`);
    await expect(chat.sessionRows().first()).toHaveAttribute('data-testid', `session-item-${later}`);

    await chat.toggleTop(pinned);
    await expect(chat.sessionRows().first()).toHaveAttribute('data-testid', `session-item-${pinned}`);
    await expect(chat.pinnedMark(pinned)).toBeVisible();
    await expect(chat.session(pinned)).toHaveAccessibleName(/Pat Pinned\s*, 已置顶/);

    await chat.reloadFrameOnly();
    await expect(chat.connectionStatus()).toHaveAttribute('data-phase', 'connected');
    await expect(chat.sessionRows().first()).toHaveAttribute('data-testid', `session-item-${pinned}`);
    await expect(chat.pinnedMark(pinned)).toBeVisible();
    await expect(chat.pinnedMark(later)).toHaveCount(0);

    // The open actions menu has no serious accessibility violations (the frame's document only).
    const menu = await chat.openSessionActions(pinned);
    // Stick-top comes first; the top note, mute and delete follow (issue 32 §9).
    await expect(menu.getByRole('menuitem').first()).toHaveText('取消置顶');
    await expect(menu.getByRole('menuitem')).toHaveText(['取消置顶', '添加置顶备注…', '消息免打扰', '删除会话…']);
    expect(await seriousViolations(page, { include: IM_FRAME })).toEqual([]);

    // Taken off the top, it goes back below the newer conversation (and leaves other tests' lists as they were).
    await menu.getByTestId('session-unstick-top').click();
    await expect(chat.pinnedMark(pinned)).toHaveCount(0);
    await expect(chat.sessionRows().first()).toHaveAttribute('data-testid', `session-item-${later}`);
  } finally {
    await first.close();
    await second.close();
  }
});
