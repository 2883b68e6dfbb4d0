import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';
import { renderWithI18n } from '../test/render-frame';

function renderComposer(accept = true) {
  const sent: string[] = [];
  renderWithI18n(<Composer onSend={(text) => { sent.push(text); return accept ? null : "tooLong"; }} />);
  return { sent, input: screen.getByTestId('message-input') };
}

describe('Composer', () => {
  it('has a labelled textarea with the keyboard hint', () => {
    const { input } = renderComposer();
    expect(screen.getByLabelText('Message')).toBe(input);
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveAccessibleDescription('Enter to send, Shift+Enter for a new line');
  });

  it('sends on Enter and clears the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, input } = renderComposer();
    await user.type(input, 'hello{Enter}');
    expect(sent).toEqual(['hello']);
    expect(input).toHaveValue('');
  });

  it('adds a new line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, input } = renderComposer();
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(sent).toEqual([]);
    expect(input).toHaveValue('line one\nline two');
    await user.click(screen.getByTestId('message-send'));
    expect(sent).toEqual(['line one\nline two']);
  });

  it('refuses a blank message with an announced error', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, input } = renderComposer();
    await user.type(input, '   {Enter}');
    await user.click(screen.getByTestId('message-send'));
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('An empty message cannot be sent');
    await user.type(input, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the text and says why when the send is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const { input } = renderComposer(false);
    await user.type(input, 'keep me{Enter}');
    expect(input).toHaveValue('keep me');
    expect(screen.getByRole('alert')).toHaveTextContent('A message can have at most 5000 characters');
  });

  it('inserts an emoji from the palette at the caret, by keyboard, and sends it as text', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, input } = renderComposer();
    await user.type(input, 'Thanks!');
    (input as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const palette = await screen.findByRole('group', { name: 'Insert emoji' });
    expect(palette.querySelectorAll('button')).toHaveLength(24);
    act(() => screen.getByRole('button', { name: '🙏' }).focus());
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Thanks🙏!');
    await user.click(screen.getByTestId('message-send'));
    expect(sent).toEqual(['Thanks🙏!']);
  });

  it('sends chosen files with the attach button, and pasted files, but keeps pasted text as text', async () => {
    const user = userEvent.setup({ delay: null });
    const chosen: string[][] = [];
    renderWithI18n(<Composer onSend={() => null} onFiles={(files) => chosen.push(files.map((file) => file.name))} />);
    const photo = new File(['png'], 'goods.png', { type: 'image/png' });
    const invoice = new File(['pdf'], 'invoice.pdf', { type: 'application/pdf' });
    expect(screen.getByRole('button', { name: 'Send a file or picture' })).toBeEnabled();
    await user.upload(screen.getByTestId('attach-input'), [photo, invoice]);
    expect(chosen).toEqual([['goods.png', 'invoice.pdf']]);

    const input = screen.getByTestId('message-input');
    await user.click(input);
    await user.paste({ files: [photo], items: [], types: ['Files'], getData: () => '' } as unknown as DataTransfer);
    expect(chosen).toEqual([['goods.png', 'invoice.pdf'], ['goods.png']]);
    await user.paste('just text');
    expect(chosen).toHaveLength(2);
    expect(input).toHaveValue('just text');
  });

  it('has no attach button where files cannot be sent', () => {
    renderComposer();
    expect(screen.queryByRole('button', { name: 'Send a file or picture' })).not.toBeInTheDocument();
  });
});
