import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { z } from 'zod';
import { UiKitProvider } from '../context/UiKitProvider';
import { SearchBar } from './SearchBar';
import {
  searchCascader,
  searchDateRange,
  searchFieldsOf,
  searchMoney,
  searchPhone,
  searchSelect,
  searchText,
  searchValuesFromQuery,
} from './search-fields';

const schema = z.object({
  keyword: searchText({ label: 'keyword' }),
  phone: searchPhone({ label: 'phone' }),
  minAmount: searchMoney({ label: 'min amount' }),
  status: searchSelect({ label: 'status', options: [{ value: 1, label: 'to ship' }, { value: 2, label: 'shipped' }] }),
  region: searchCascader({
    label: 'region',
    options: [{ value: 'zj', label: 'Zhejiang', children: [{ value: 'hz', label: 'Hangzhou' }, { value: 'nb', label: 'Ningbo' }] }],
  }),
  created: searchDateRange({ label: 'created' }),
});

function renderBar(onSearch = jest.fn(), initialQuery?: Record<string, never> | Parameters<typeof SearchBar>[0]['initialQuery']) {
  render(
    <UiKitProvider locale="en-US">
      <SearchBar schema={schema} onSearch={onSearch} initialQuery={initialQuery} />
    </UiKitProvider>,
  );
  return onSearch;
}

describe('search schema rules (§5)', () => {
  const parse = (values: Record<string, unknown>) =>
    schema.safeParse({ keyword: '', phone: '', minAmount: '', status: '', region: [], created: [null, null], ...values });

  it.each(['13812345678', '19900001111', '0571-88889999', '010-1234567', ''])('accepts phone %p', (phone) => {
    expect(parse({ phone }).success).toBe(true);
  });
  it.each(['12812345678', '1381234567', '138123456789', '57-88889999', '0571-123456', '0571 88889999'])('rejects phone %p', (phone) => {
    const result = parse({ phone });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('phoneFormatError');
  });
  it('needs both ends of a date range and end not before start', () => {
    expect(parse({ created: [dayjs('2026-11-01'), null] }).error?.issues[0]?.message).toBe('dateRangeIncomplete');
    expect(parse({ created: [null, dayjs('2026-11-01')] }).error?.issues[0]?.message).toBe('dateRangeIncomplete');
    expect(parse({ created: [dayjs('2026-11-02'), dayjs('2026-11-01')] }).error?.issues[0]?.message).toBe('dateRangeReversed');
    const sameDay = parse({ created: [dayjs('2026-11-01'), dayjs('2026-11-01')] });
    expect(sameDay.success && sameDay.data.created).toEqual([dayjs('2026-11-01').unix(), dayjs('2026-11-01').endOf('day').unix()]);
  });
  it('multiplies money by 100', () => {
    const result = parse({ minAmount: '19.99' });
    expect(result.success && result.data.minAmount).toBe(1999);
  });
  it('refuses a schema field without SearchBar metadata', () => {
    expect(() => searchFieldsOf(z.object({ loose: z.string() }))).toThrow('search field "loose" has no SearchBar metadata');
  });
  it('turns a query back into form values', () => {
    const values = searchValuesFromQuery(searchFieldsOf(schema), { minAmount: 1999, status: 2, region: ['zj', 'hz'] });
    expect(values).toMatchObject({ minAmount: '19.99', status: '2', region: ['zj', 'hz'], keyword: '' });
  });
});

describe('SearchBar (§5)', () => {
  it('draws one input per schema field, in order', () => {
    renderBar();
    const search = screen.getByRole('search');
    expect(within(search).getByRole('textbox', { name: 'keyword' })).toBeInTheDocument();
    expect(within(search).getByRole('textbox', { name: 'phone' })).toBeInTheDocument();
    expect(within(search).getByRole('textbox', { name: 'min amount' })).toBeInTheDocument();
    expect(within(search).getByRole('combobox', { name: 'status' })).toBeInTheDocument();
    expect(within(search).getByRole('group', { name: 'region' })).toBeInTheDocument();
  });

  it('keeps an optional date range behind "more filters" until asked for, then loads its pickers', async () => {
    renderBar();
    const more = screen.getByRole('button', { name: 'more filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'created' })).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(await screen.findByRole('group', { name: 'created' })).toBeInTheDocument();
    const fewer = screen.getByRole('button', { name: 'fewer filters' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(fewer.getAttribute('aria-controls')!)).toContainElement(screen.getByRole('group', { name: 'created' }));
  });

  it('shows a folded date range the query uses, and keeps it in the search while folded', async () => {
    const onSearch = renderBar(jest.fn(), { keyword: 'shoes', created: [dayjs('2026-11-01').unix(), dayjs('2026-11-03').unix()] });
    expect(await screen.findByRole('group', { name: 'created' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'fewer filters' }));
    expect(screen.queryByRole('group', { name: 'created' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ keyword: 'shoes', created: [dayjs('2026-11-01').unix(), dayjs('2026-11-03').endOf('day').unix()] }));
  });

  it('always shows a required date range', async () => {
    render(
      <UiKitProvider locale="en-US">
        <SearchBar schema={z.object({ paid: searchDateRange({ label: 'paid', required: true }) })} onSearch={jest.fn()} />
      </UiKitProvider>,
    );
    expect(await screen.findByRole('group', { name: 'paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'more filters' })).not.toBeInTheDocument();
  });

  it('searches with a clean query: trimmed text, money in cents, the chosen option and path', async () => {
    const onSearch = renderBar();
    await userEvent.type(screen.getByRole('textbox', { name: 'keyword' }), '  shoes ');
    await userEvent.type(screen.getByRole('textbox', { name: 'min amount' }), '12.345');
    await userEvent.click(screen.getByRole('combobox', { name: 'status' }));
    await userEvent.click(screen.getByRole('option', { name: 'shipped' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'region' }));
    await userEvent.click(screen.getByRole('option', { name: 'Zhejiang' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'region 2' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ningbo' }));
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ keyword: 'shoes', minAmount: 1234, status: 2, region: ['zj', 'nb'] }));
  });

  it('shows phone number format error and does not search', async () => {
    const onSearch = renderBar();
    await userEvent.type(screen.getByRole('textbox', { name: 'phone' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(await screen.findByText('phone number format error')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("says a rule with the app's text and the field's label when the app gives its rule texts", async () => {
    const onSearch = jest.fn();
    const describe = jest.fn((rule: string, label: string) => `${label}: rule ${rule}`);
    render(
      <UiKitProvider locale="en-US" describeSearchRule={describe}>
        <SearchBar schema={schema} onSearch={onSearch} initialQuery={{ created: [dayjs('2026-11-02').unix(), dayjs('2026-11-01').unix()] }} />
      </UiKitProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'phone' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(await screen.findByText('phone: rule phoneOrLandline')).toBeInTheDocument();
    expect(screen.getByText('created: rule endBeforeStart')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searching never submits a form around the bar (a search bar in a dialog inside a form)', async () => {
    const onSearch = jest.fn();
    const outerSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <UiKitProvider locale="en-US">
        <form onSubmit={outerSubmit}>
          <SearchBar schema={schema} onSearch={onSearch} />
        </form>
      </UiKitProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'keyword' }), 'lamp{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('shows the date range messages in the user language', async () => {
    const onSearch = jest.fn();
    render(
      <UiKitProvider locale="zh-CN">
        <SearchBar schema={schema} onSearch={onSearch} initialQuery={{ created: [dayjs('2026-11-02').unix(), dayjs('2026-11-01').unix()] }} />
      </UiKitProvider>,
    );
    expect(await screen.findByRole('group', { name: 'created' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('结束时间不能小于开始时间')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('sends a complete date range as seconds, from the start of the first day to the end of the last', async () => {
    const onSearch = renderBar(jest.fn(), { created: [dayjs('2026-11-01').unix(), dayjs('2026-11-03').unix()] });
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ created: [dayjs('2026-11-01').unix(), dayjs('2026-11-03').endOf('day').unix()] }));
  });

  it('shows a query that changes behind it, e.g. after the back button', () => {
    const view = render(
      <UiKitProvider locale="en-US">
        <SearchBar schema={schema} onSearch={jest.fn()} initialQuery={{ keyword: 'first' }} />
      </UiKitProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'keyword' })).toHaveValue('first');
    view.rerender(
      <UiKitProvider locale="en-US">
        <SearchBar schema={schema} onSearch={jest.fn()} initialQuery={{ keyword: 'second', minAmount: 250 }} />
      </UiKitProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'keyword' })).toHaveValue('second');
    expect(screen.getByRole('textbox', { name: 'min amount' })).toHaveValue('2.5');
  });

  it('reset clears every field and searches without filters', async () => {
    const onSearch = renderBar(jest.fn(), { keyword: 'old', minAmount: 500 });
    expect(screen.getByRole('textbox', { name: 'keyword' })).toHaveValue('old');
    expect(screen.getByRole('textbox', { name: 'min amount' })).toHaveValue('5');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByRole('textbox', { name: 'keyword' })).toHaveValue('');
    expect(onSearch).toHaveBeenCalledWith({});
  });
});
