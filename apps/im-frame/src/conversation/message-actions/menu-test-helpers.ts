// Test helpers: a message's action menu, opened from its "more" button, in a merchant's terms.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the message's menu with its "more" button; resolves with the menu. */
export async function openMessageMenu(user: UserEvent, message: HTMLElement): Promise<HTMLElement> {
  await user.click(within(message).getByTestId('message-more'));
  return screen.findByRole('menu');
}

/** The keys of the actions the menu offers (`message-<key>` test ids, reactions left out), then closes it. */
export async function offeredActions(user: UserEvent, message: HTMLElement): Promise<string[]> {
  if (!within(message).queryByTestId('message-more')) return [];
  const menu = await openMessageMenu(user, message);
  const keys = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('data-testid')?.replace(/^message-/, '') ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return keys;
}

/** Opens the menu and chooses the action `key` (e.g. 'reply', 'recall'). */
export async function chooseMessageAction(user: UserEvent, message: HTMLElement, key: string): Promise<void> {
  const menu = await openMessageMenu(user, message);
  await user.click(within(menu).getByTestId(`message-${key}`));
}
