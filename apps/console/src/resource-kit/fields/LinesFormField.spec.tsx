// kind 'lines': a list of lines whose cells are the kit's kinds, in a generated form (fieldForm.testing's
// harness: the real engine, console and fake store server). A cell's problem sits on its cell, the list's
// own problem under the list, a server problem on a line's field lands on that line's cell, and the add
// and remove buttons are named and keep the list between its fewest and most lines.
import { screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { STORE_CODES, rule, type WireProblem } from '@merchant/api-contracts';
import { createFakeStoreServer } from '../../../test/fakeStoreServer';
import { FORM_TEST_PATH } from '../resourceForm.testing';
import type { ResourceFormField } from '../types';
import { renderFieldForm } from './fieldForm.testing';

jest.setTimeout(60_000);

const schema = z.object({
  lines: z
    .array(z.object({ name: z.string().trim().min(1), count: z.number().int().min(1) }))
    .refine((lines) => lines.length > 0, rule('noLines'))
    .refine((lines) => new Set(lines.map((line) => line.name)).size === lines.length, rule('distinct')),
});

const linesField: ResourceFormField = {
  name: 'lines',
  labelKey: 'formTest.lines',
  kind: 'lines',
  lines: {
    columns: [
      { name: 'name', labelKey: 'formTest.name', kind: 'text', required: true },
      { name: 'count', labelKey: 'formTest.count', kind: 'integer', required: true },
    ],
    newLine: () => ({ name: '', count: undefined }),
    min: 1,
    max: 3,
  },
};

const FIRST_LOAD = { timeout: 20_000 };
const line = (index: number) => screen.getByTestId(`lines-line-${index}`);
const cell = (index: number, name: RegExp) => within(line(index)).getByRole('textbox', { name });

describe("form field kind 'lines'", () => {
  it('says a refused cell on its cell and the list problem under the list, in Chinese, and sends the lines as typed', async () => {
    const { user, save, sent } = renderFieldForm({ field: linesField, schema, defaults: { lines: [{ name: '', count: undefined }] }, language: 'zh-CN' });
    await screen.findByTestId('lines-line-0', {}, FIRST_LOAD);
    expect(screen.getByRole('group', { name: '第 1 行' })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(cell(0, /名称/)).toHaveAccessibleDescription('请填写名称'));
    expect(cell(0, /数量/)).toHaveAccessibleDescription('请填写数量');
    expect(cell(0, /名称/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(cell(0, /名称/)).toHaveFocus());

    await user.type(cell(0, /名称/), 'Oak chair');
    await user.type(cell(0, /数量/), '2');
    await user.click(screen.getByRole('button', { name: '添加一行' }));
    await user.type(cell(1, /名称/), 'Oak chair');
    await user.type(cell(1, /数量/), '1');
    await save();
    expect(await screen.findByText('明细中有重复项')).toBeInTheDocument();
    expect(screen.getByTestId('lines-lines')).toHaveAccessibleDescription('明细中有重复项');
    expect(sent()).toEqual([]);

    await user.clear(cell(1, /名称/));
    await user.type(cell(1, /名称/), 'Desk lamp');
    await save();
    await waitFor(() => expect(sent()).toEqual([{ lines: [{ name: 'Oak chair', count: 2 }, { name: 'Desk lamp', count: 1 }] }]));
  });

  it('names its add and remove buttons and keeps between the fewest and the most lines; with none left the list says so', async () => {
    const { user, save, sent } = renderFieldForm({ field: { ...linesField, lines: { ...linesField.lines!, min: 0 } }, schema, defaults: { lines: [] } });
    const add = await screen.findByRole('button', { name: 'Add line' }, FIRST_LOAD);
    await save();
    expect(await screen.findByText('Add at least one item')).toBeInTheDocument();
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByRole('group', { name: /^line \d$/ })).toHaveLength(3);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(screen.getAllByRole('group', { name: /^line \d$/ })).toHaveLength(2);
    expect(add).toBeEnabled();
    expect(sent()).toEqual([]);
  });

  it("puts a server problem on a line's field on that line's cell", async () => {
    const server = createFakeStoreServer();
    const rendered = renderFieldForm({ field: linesField, schema, server, defaults: { lines: [{ name: 'Oak chair', count: 1 }, { name: 'Desk lamp', count: 4 }] } });
    const problems: WireProblem[] = [{ field: 'lines.1.count', problem: { rule: 'max', limit: 3 } }];
    server.on(FORM_TEST_PATH, () => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } }));
    await screen.findByTestId('lines-line-1', {}, FIRST_LOAD);
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeEnabled();
    await rendered.save();
    await waitFor(() => expect(cell(1, /count/)).toHaveAccessibleDescription('count cannot exceed 3'));
    expect(cell(1, /count/)).toHaveAttribute('aria-invalid', 'true');
    expect(cell(0, /count/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('resource-form-problems')).not.toBeInTheDocument();
  });
});
