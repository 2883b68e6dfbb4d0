// kind 'richText': a labelled editor with a keyboard toolbar; its value is sanitised HTML, on every change and
// again before the form is checked and sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import type { ResourceFormField } from '../types';
import { renderFieldForm } from './fieldForm.testing';

const FIELD: ResourceFormField = { name: 'detailHtml', labelKey: 'goodsRelease.section.detail', kind: 'richText' };
const SCHEMA = z.object({ detailHtml: z.string().min(1).max(2000) });
const ATTACK = '<p>ok<img src="/a.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">go</a></p>';
const ATTACK_CLEANED = '<p>ok<img src="/a.png"><a>go</a></p>';

/** What a paste event carries (jsdom has no DataTransfer). */
const clipboard = (data: Record<string, string>) => ({ clipboardData: { getData: (type: string) => data[type] ?? '' } });

async function findEditor(name: string | RegExp = /Details/) {
  return screen.findByRole('textbox', { name });
}

describe('rich text field', () => {
  it('is a labelled multi-line text box, read with its toolbar, and typed into', async () => {
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA });
    const editor = await findEditor();
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('toolbar', { name: 'Text format' })).toHaveAttribute('aria-controls', editor.id);
    await user.click(editor);
    await user.keyboard('Hello');
    await save();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.detailHtml).toContain('Hello');
  });

  it('sanitises what the editor holds on every change: no script, no onerror, no javascript: link', async () => {
    const { save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA });
    const editor = await findEditor();
    // What a browser's editing could leave in the editor (an inserted fragment, a drop).
    editor.innerHTML = ATTACK;
    fireEvent.input(editor);
    fireEvent.blur(editor);
    // Out of the field, the editor shows exactly the value the form holds.
    expect(editor.innerHTML).toBe(ATTACK_CLEANED);
    await save();
    await waitFor(() => expect(sent()).toEqual([{ detailHtml: ATTACK_CLEANED }]));
  });

  it('sanitises pasted HTML before it enters the editor', async () => {
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA });
    const editor = await findEditor();
    await user.click(editor);
    fireEvent.paste(editor, clipboard({ 'text/html': ATTACK, 'text/plain': 'ok go' }));
    expect(editor.innerHTML).not.toMatch(/script|onerror|javascript:/);
    expect(editor.querySelector('img')).toHaveAttribute('src', '/a.png');
    await save();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.detailHtml).toBe(ATTACK_CLEANED);
  });

  it('sanitises a value the editor never touched (a loaded record) before it is sent', async () => {
    const { save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, defaults: { detailHtml: ATTACK } });
    const editor = await findEditor();
    expect(editor.innerHTML).toBe(ATTACK_CLEANED);
    await save();
    await waitFor(() => expect(sent()).toEqual([{ detailHtml: ATTACK_CLEANED }]));
  });

  it('inserts a link from the keyboard: one tab stop, arrows to the button, only an http(s) address', async () => {
    const { user, save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA });
    const editor = await findEditor();
    await user.tab();
    const toolbar = screen.getByRole('toolbar', { name: 'Text format' });
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Insert image' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(toolbar).getByRole('button', { name: 'Insert link' })).toHaveFocus();
    // The other buttons are out of the tab order: Tab leaves the toolbar for the editor.
    expect(within(toolbar).getAllByRole('button').filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    const address = within(dialog).getByRole('textbox', { name: /Link address/ });
    expect(address).toHaveFocus();
    await user.keyboard('javascript:alert(1){Enter}');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription('Enter an address starting with http:// or https://');
    await user.clear(address);
    await user.type(address, 'https://shop.example.com/a');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link text' }), 'our shop{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(editor).getByRole('link', { name: 'our shop' })).toHaveAttribute('href', 'https://shop.example.com/a');
    // Enter in the dialog inserted the link; it did not save the form around the field.
    expect(sent()).toEqual([]);
    await save();
    await waitFor(() => expect(sent()).toEqual([{ detailHtml: '<a href="https://shop.example.com/a">our shop</a>' }]));
  });

  it('inserts an image by a same-site path and refuses another host written as //', async () => {
    const { user } = renderFieldForm({ field: FIELD, schema: SCHEMA });
    const editor = await findEditor();
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    const address = within(dialog).getByRole('textbox', { name: /Image address/ });
    await user.type(address, '//evil.example/x.png{Enter}');
    expect(address).toHaveAccessibleDescription('Enter an address starting with http:// or https://, or a path on this site (starting with /)');
    await user.clear(address);
    await user.type(address, '/media/shop.png');
    await user.type(within(dialog).getByRole('textbox', { name: 'Image description' }), 'shop front');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(within(editor).getByRole('img', { name: 'shop front' })).toHaveAttribute('src', '/media/shop.png'));
  });

  it('refuses an empty editor with the reason under it, bound to it, and focuses it (en-US)', async () => {
    const { save, sent } = renderFieldForm({ field: FIELD, schema: SCHEMA, defaults: { detailHtml: '' } });
    const editor = await findEditor();
    editor.innerHTML = '<p><br></p>';
    fireEvent.input(editor);
    await save();
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'true'));
    expect(editor).toHaveAccessibleDescription('Details is required');
    expect(editor).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('speaks zh-CN: label, toolbar and the problem', async () => {
    const { save } = renderFieldForm({ field: FIELD, schema: SCHEMA, language: 'zh-CN' });
    const editor = await findEditor('商品详情');
    const toolbar = screen.getByRole('toolbar', { name: '文本格式' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['加粗', '斜体', '下划线', '无序列表', '有序列表', '插入链接', '移除链接', '插入图片']);
    await save();
    await waitFor(() => expect(editor).toHaveAccessibleDescription('请填写商品详情'));
  });
});
