/** @jest-environment-options {"styles": "all"} */
// The sidebar's group headings (audit: scrolled, the sticky headings piled on each other and let the
// entries show through them).
import { screen, waitFor, within } from '@testing-library/react';
import { ALL_PERMISSION_CODES } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../test/fakeStoreServer';
import { renderSignedIn } from '../../test/renderConsole';
import { SIDEBAR_BACKGROUND } from './layoutConstants';

// Every group in the menu (the demo user has no permission codes and sees only the help centre group).
const owner: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [...ALL_PERMISSION_CODES] } };
const renderAsOwner = () => renderSignedIn({ server: createFakeStoreServer([owner]) });

/** The main menu once its entries are drawn (they come after the layout's first commit). */
async function mainMenu(name = 'Main menu'): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('navigation', { name })).not.toHaveAttribute('aria-busy'));
  return screen.getByRole('navigation', { name });
}

/** '#304156' as the browser reports a colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Each group's heading sticks only within its own list, painted with the sidebar's own background. */
function expectOpaqueHeadingScopedToItsGroup(menu: HTMLElement, groupName: string, entryName: string) {
  const group = within(menu).getByRole('list', { name: groupName });
  const heading = within(group).getByText(groupName);
  const style = getComputedStyle(heading);
  expect(style.position).toBe('sticky');
  expect(style.backgroundColor).toBe(rgb(SIDEBAR_BACKGROUND));
  expect(getComputedStyle(menu.parentElement!).backgroundColor).toBe(rgb(SIDEBAR_BACKGROUND));
  // Its sticky containing block is its group: no other heading shares it, so headings never overlap.
  expect(heading.parentElement).toBe(group);
  expect(group.querySelectorAll('.MuiListSubheader-root')).toHaveLength(1);
  expect(within(group).getByRole('link', { name: entryName })).toBeInTheDocument();
}

describe('sidebar group headings', () => {
  it('stick one group at a time on the sidebar background, in English and Chinese', async () => {
    const { user } = await renderAsOwner();
    const menu = await mainMenu();
    expectOpaqueHeadingScopedToItsGroup(menu, 'Merchant centre', 'Account management');
    expectOpaqueHeadingScopedToItsGroup(menu, 'Goods', 'Stock warnings');
    expect(within(within(menu).getByRole('list', { name: 'Merchant centre' })).queryByRole('link', { name: 'Stock warnings' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const zhMenu = await mainMenu('主菜单');
    await waitFor(() => expect(within(zhMenu).getByRole('list', { name: '商家中心' })).toBeInTheDocument());
    expectOpaqueHeadingScopedToItsGroup(zhMenu, '商家中心', '账号管理');
    expectOpaqueHeadingScopedToItsGroup(zhMenu, '商品管理', '库存预警');
  });

  it('keep the opaque sidebar background in the dark theme', async () => {
    const { user } = await renderAsOwner();
    await user.click(screen.getByRole('button', { name: 'Switch to the dark theme' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch to the light theme' })).toHaveAttribute('aria-pressed', 'true'));
    const menu = await mainMenu();
    expectOpaqueHeadingScopedToItsGroup(menu, 'Goods', 'Stock warnings');
  });

  it('still name each group on the collapsed icon rail, where the headings are not written out', async () => {
    const { user } = await renderAsOwner();
    await user.click(screen.getByTestId('sidebar-toggle'));
    const menu = await mainMenu();
    const goods = within(menu).getByRole('list', { name: 'Goods' });
    expect(goods.querySelector('.MuiListSubheader-root')).toBeNull();
    expect(within(goods).getByRole('link', { name: 'Stock warnings' })).toBeInTheDocument();
  });
});
