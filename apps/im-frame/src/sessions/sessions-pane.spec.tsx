// Conversation actions of the list (issue 32 §9) through the real controller: top note, delete, mute,
// drafts in the row and across a reload, and the console not told about a muted customer's message.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryStore } from '@merchant/im-core';
import { SessionsPane } from './sessions-pane';
import { ChatController } from '../chat/chat-controller';
import { renderWithChat } from '../test/render-frame';
import { FakeChatClient, sampleMessage, sampleSession } from '../test/fake-chat-client';
import { FakeContactsPort } from '../contacts/fake-contacts-port';
import { storeDraftStorage, type DraftStorage } from './draft-book';
import type { ChatMessage, ChatSession } from '../chat/chat-client';
import { TOP_NOTE_MAX_LENGTH } from './top-note-dialog';

/** The fake client with server-side delete, top notes, the mutelist and a draft store. */
class ConversationsClient extends FakeChatClient {
  readonly contacts = new FakeContactsPort();
  readonly deleted: string[] = [];
  readonly notes: [string, string][] = [];
  refuseNext?: Error;

  constructor(readonly draftStorage?: DraftStorage) {
    super();
  }

  async deleteSession(sessionId: string): Promise<void> {
    this.takeRefusal();
    this.deleted.push(sessionId);
    this.sessions.delete(sessionId);
    this.emit('sessionsRemoved', [sessionId]);
  }

  async setSessionTopNote(sessionId: string, note: string): Promise<void> {
    this.takeRefusal();
    this.notes.push([sessionId, note]);
  }

  private takeRefusal(): void {
    const refusal = this.refuseNext;
    this.refuseNext = undefined;
    if (refusal) throw refusal;
  }
}

const last = (sessionId: string, text: string): ChatMessage => sampleMessage({ idClient: `last-${sessionId}`, sessionId, text });

function withTwoCustomers(client = new ConversationsClient()): ConversationsClient {
  const sessions: ChatSession[] = [
    sampleSession({ peerAccount: 'c_alice', peerNick: 'Alice Chen', updateTime: 2, isTop: true, lastMessage: last('p2p-c_alice', 'Where is my parcel?') }),
    sampleSession({ peerAccount: 'c_bob', peerNick: 'Bob Li', updateTime: 1, unread: 3, lastMessage: last('p2p-c_bob', 'Thanks!') }),
  ];
  for (const session of sessions) client.sessions.set(session.id, session);
  return client;
}

async function renderPane(client: ConversationsClient, language: 'en-US' | 'zh-CN' = 'en-US', hooks = {}) {
  const view = renderWithChat(<SessionsPane onOpen={(id) => void view.controller.openSession(id)} />, { client, language, hooks });
  await act(() => view.controller.start());
  return view;
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, account: string) {
  await user.click(screen.getByTestId(`session-actions-${account}`));
  return screen.getByRole('menu');
}

describe('SessionsPane: conversation actions (issue 32 §9)', () => {
  it('adds a note to a stuck conversation, shown on its row; a too long note is refused before the server', async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers();
    await renderPane(client);
    // Only a stuck conversation offers a note.
    await openMenu(user, 'c_bob');
    expect(screen.queryByTestId('session-edit-note')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await openMenu(user, 'c_alice');
    await user.click(screen.getByTestId('session-edit-note'));
    const dialog = screen.getByTestId('top-note-dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Top note: Alice Chen');
    const input = within(dialog).getByTestId('top-note-input');
    expect(input).toHaveFocus();
    await user.type(input, 'x'.repeat(TOP_NOTE_MAX_LENGTH + 1));
    await user.click(within(dialog).getByTestId('top-note-save'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`at most ${TOP_NOTE_MAX_LENGTH} characters`);
    expect(client.notes).toEqual([]);

    await user.clear(input);
    await user.type(input, 'Refund promised <b>Friday</b>');
    await user.click(within(dialog).getByTestId('top-note-save'));
    await waitFor(() => expect(screen.queryByTestId('top-note-dialog')).not.toBeInTheDocument());
    expect(client.notes).toEqual([['p2p-c_alice', 'Refund promised <b>Friday</b>']]);
    // Shown as typed (inert text), and announced.
    expect(within(screen.getByTestId('session-item-c_alice')).getByTestId('session-top-note')).toHaveTextContent('Top note: Refund promised <b>Friday</b>');
    expect(screen.getByTestId('session-action-announcement')).toHaveTextContent('The top note of Alice Chen was saved');
  });

  it('shows a refused note in the dialog and keeps the row as it was', async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers();
    await renderPane(client, 'zh-CN');
    client.refuseNext = new Error('session not on top');
    await openMenu(user, 'c_alice');
    await user.click(screen.getByTestId('session-edit-note'));
    await user.type(screen.getByTestId('top-note-input'), '退款');
    await user.click(screen.getByTestId('top-note-save'));
    expect(await screen.findByTestId('top-note-error')).toHaveTextContent('无法保存备注：session not on top');
    expect(screen.queryByTestId('session-top-note')).not.toBeInTheDocument();
  });

  it('deletes a conversation after a confirmation whose Cancel comes first; a refusal is explained', async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers();
    await renderPane(client);
    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-delete'));
    const dialog = screen.getByTestId('delete-session-dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete the conversation with Bob Li?');
    expect(within(dialog).getByTestId('delete-session-cancel')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(client.deleted).toEqual([]);
    expect(screen.getByTestId('session-item-c_bob')).toBeInTheDocument();

    client.refuseNext = new Error('timeout');
    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-delete'));
    await user.click(screen.getByTestId('delete-session-confirm'));
    expect(await screen.findByTestId('session-action-error')).toHaveTextContent('The conversation could not be deleted: timeout');
    expect(screen.getByTestId('session-item-c_bob')).toBeInTheDocument();

    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-delete'));
    await user.click(screen.getByTestId('delete-session-confirm'));
    await waitFor(() => expect(screen.queryByTestId('session-item-c_bob')).not.toBeInTheDocument());
    expect(client.deleted).toEqual(['p2p-c_bob']);
    expect(screen.getByTestId('session-action-announcement')).toHaveTextContent('The conversation with Bob Li was deleted');
  });

  it('closes the open conversation when another device deleted it (sessionsRemoved)', async () => {
    const client = withTwoCustomers();
    const { controller } = await renderPane(client);
    await act(() => controller.openSession('p2p-c_bob'));
    act(() => client.emit('sessionsRemoved', ['p2p-c_bob']));
    expect(screen.queryByTestId('session-item-c_bob')).not.toBeInTheDocument();
    expect(controller.getState().activeSessionId).toBeUndefined();
  });

  it("mutes a customer's conversation: a muted mark, a grey count, 'muted' in the row's name, and no console notice for their messages", async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers();
    const announced: string[] = [];
    await renderPane(client, 'en-US', { onIncomingMessage: (message: ChatMessage) => announced.push(message.idClient) });
    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-mute'));
    const bob = screen.getByTestId('session-item-c_bob');
    await waitFor(() => expect(within(bob).getByTestId('session-muted')).toBeInTheDocument());
    expect(bob).toHaveAccessibleName(/^Bob Li\s*, Muted\s*, 3 unread/);
    expect(client.contacts.relations.get('c_bob')?.isMuted).toBe(true);
    expect(within(bob).getByTestId('session-unread').querySelector('.MuiBadge-colorError')).toBeNull();

    act(() => client.emit('message', sampleMessage({ idClient: 'from-bob', sessionId: 'p2p-c_bob', text: 'ping' })));
    act(() => client.emit('message', sampleMessage({ idClient: 'from-alice', sessionId: 'p2p-c_alice', text: 'ping' })));
    expect(announced).toEqual(['from-alice']);

    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-unmute'));
    await waitFor(() => expect(within(screen.getByTestId('session-item-c_bob')).queryByTestId('session-muted')).not.toBeInTheDocument());
    expect(screen.getByTestId('session-action-announcement')).toHaveTextContent('Bob Li is no longer muted');
  });

  it('reads who is muted from the mutelist at start, and offers no mute on a team conversation', async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers();
    await client.contacts.setInMutelist('c_alice', true);
    client.sessions.set('team-t1', { ...sampleSession({ peerAccount: 't1', peerNick: 'Shop floor', updateTime: 0, lastMessage: last('team-t1', 'hi') }), id: 'team-t1', scene: 'team' });
    await renderPane(client, 'zh-CN');
    await waitFor(() => expect(within(screen.getByTestId('session-item-c_alice')).getByTestId('session-muted')).toBeInTheDocument());
    await openMenu(user, 't1');
    expect(screen.queryByTestId('session-mute')).not.toBeInTheDocument();
    expect(screen.getByTestId('session-delete')).toHaveTextContent('删除会话…');
  });
});

describe('Drafts per conversation (issue 32 §9)', () => {
  it("shows another conversation's draft in its row and keeps drafts across a reload of the frame", async () => {
    const store = new MemoryStore();
    const client = withTwoCustomers(new ConversationsClient(storeDraftStorage(store)));
    const { controller } = await renderPane(client);
    act(() => controller.drafts.set('p2p-c_bob', 'Your refund of ¥12.50 is on its way'));
    const row = within(screen.getByTestId('session-item-c_bob'));
    expect(row.getByTestId('session-draft')).toHaveTextContent('[Draft] Your refund of ¥12.50 is on its way');
    expect(screen.getByTestId('session-item-c_bob')).toHaveAccessibleName(/\[Draft\] Your refund/);
    await controller.drafts.saved();

    // A new frame on the same store (a reload) finds the draft.
    const reloaded = new ChatController(withTwoCustomers(new ConversationsClient(storeDraftStorage(store))));
    await reloaded.drafts.load();
    expect(reloaded.drafts.get('p2p-c_bob')).toBe('Your refund of ¥12.50 is on its way');
    // Blank text forgets it, also after the next reload.
    reloaded.drafts.set('p2p-c_bob', '   ');
    await reloaded.drafts.saved();
    const again = new ChatController(new ConversationsClient(storeDraftStorage(store)));
    await again.drafts.load();
    expect(again.drafts.get('p2p-c_bob')).toBe('');
  });

  it('deleting a conversation drops its draft', async () => {
    const user = userEvent.setup({ delay: null });
    const client = withTwoCustomers(new ConversationsClient(storeDraftStorage(new MemoryStore())));
    const { controller } = await renderPane(client);
    act(() => controller.drafts.set('p2p-c_bob', 'half a sentence'));
    await openMenu(user, 'c_bob');
    await user.click(screen.getByTestId('session-delete'));
    await user.click(screen.getByTestId('delete-session-confirm'));
    await waitFor(() => expect(client.deleted).toEqual(['p2p-c_bob']));
    expect(controller.drafts.get('p2p-c_bob')).toBe('');
  });
});
