// The composer and the conversation's draft (issue 32 §9).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';
import { renderWithI18n } from '../test/render-frame';

describe('Composer drafts', () => {
  it('opens with the draft, reports each change, and a send clears it', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: string[] = [];
    renderWithI18n(<Composer onSend={() => null} initialText="Half a" onTextChange={(text) => changes.push(text)} />);
    const input = screen.getByTestId('message-input');
    expect(input).toHaveValue('Half a');
    await user.type(input, 'n answer');
    expect(changes.at(-1)).toBe('Half an answer');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    expect(changes.at(-1)).toBe('');
  });

  it('fills a still empty field with a draft read after it showed, but never overwrites what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = renderWithI18n(<Composer onSend={() => null} />);
    rerender(<Composer onSend={() => null} initialText="stored draft" />);
    const input = screen.getByTestId('message-input');
    expect(input).toHaveValue('stored draft');
    await user.clear(input);
    await user.type(input, 'typed now');
    rerender(<Composer onSend={() => null} initialText="another stored draft" />);
    expect(input).toHaveValue('typed now');
  });
});
