// Team administration in the chat frame (issue 32 §1), in a merchant's terms: create a team, answer a team
// invitation in the system notifications, and the owner's actions in the team panel. Selectors live here.
import { expect, type Locator } from '@playwright/test';
import type { ChatFrame } from './chat-frame';

export class TeamAdmin {
  constructor(private readonly chat: ChatFrame) {}

  private get frame() {
    return this.chat.frame;
  }

  createDialog(): Locator {
    return this.frame.getByTestId('create-team-dialog');
  }

  /** Header → "Create team" → type, name and the accounts to invite (submitCreate sends it). */
  async fillCreate(name: string, type: 'normal' | 'advanced', accounts: string[]): Promise<void> {
    await this.chat.clickToOpen(this.frame.getByTestId('create-team'), this.createDialog());
    await this.createDialog().getByTestId(`create-team-type-${type}`).click();
    await this.createDialog().getByTestId('create-team-name').fill(name);
    await this.createDialog().getByTestId('create-team-accounts').fill(accounts.join(', '));
  }

  /** Create: the dialog closes and the team's conversation is listed; returns the team's id. */
  async submitCreate(name: string): Promise<string> {
    await this.createDialog().getByTestId('create-team-submit').click();
    await expect(this.createDialog()).toBeHidden();
    const row = this.chat.sessionRows().filter({ hasText: name });
    await expect(row).toHaveCount(1);
    const testId = await row.getAttribute('data-testid');
    return (testId ?? '').replace(/^session-item-/, '');
  }

  /** The system notifications' item about `teamName` (an invitation or an application). */
  async openInvitation(teamName: string): Promise<Locator> {
    const list = this.frame.getByTestId('system-messages');
    await this.chat.clickToOpen(this.frame.getByTestId('system-messages-open'), list);
    const item = list.getByTestId(/^sys-msg-/).filter({ hasText: teamName });
    await expect(item).toHaveCount(1);
    return item;
  }

  /** The dialog's Close button (a key press can reach the wrong document of an out-of-process frame). */
  async closeSystemMessages() {
    await this.frame.getByTestId('system-messages-close').click();
    await expect(this.frame.getByTestId('system-messages')).toBeHidden();
  }

  memberMenu(account: string): Locator {
    return this.frame.getByTestId(`team-member-more-${account}`);
  }

  /** The owner's member menu → an item (makeManager, removeManager, transfer). */
  async memberAction(account: string, action: 'makeManager' | 'removeManager' | 'transfer') {
    await this.memberMenu(account).click();
    await this.frame.getByTestId(`team-member-${action}`).click();
  }

  confirmDialog(): Locator {
    return this.frame.getByTestId('team-confirm');
  }

  async confirm() {
    await this.confirmDialog().getByTestId('team-confirm-ok').click();
    await expect(this.confirmDialog()).toBeHidden();
  }

  muteSelect(): Locator {
    return this.frame.getByTestId('team-mute-select');
  }

  /** The team-wide mute select → none, normal or all. */
  async muteTeam(muteType: 'none' | 'normal' | 'all') {
    await this.muteSelect().getByRole('combobox').click();
    await this.frame.getByTestId(`team-mute-${muteType}`).click();
  }
}
