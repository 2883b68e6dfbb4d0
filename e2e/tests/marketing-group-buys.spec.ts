// Issue 28 §2, group buying, in real Chromium against the real servers: the demo merchant creates a group buy of
// teams of 2 on the add screen, two buyers form a team through store-server's buyer routes (each order placed and
// paid at the group price), the leader's order cannot ship while the team forms, and once it has formed the
// console shows the team formed and both orders, which the merchant can then ship. Runs on its worker's own
// stack; the activity's name carries the run, so a rerun never meets an earlier one.
import { test, expect } from '@playwright/test';
import { GroupBuyPages, joinTeam, someSku, startTeam } from '../pages/marketing-group-buys';
import { merchantClient, merchantShips, orderState } from '../support/merchant';
import { signIn, switchLanguage } from '../support/sign-in';
import { CONTRACT_PATHS, consoleUrl } from '../support/stack';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1440, height: 900 } });

test('the merchant creates a group buy, two buyers form a team, and the console shows it formed with orders that can ship', async ({ page }) => {
  const run = Date.now().toString(36);
  const name = `E2E ${run} team of 2`;
  const groupBuys = new GroupBuyPages(page, consoleUrl());
  const merchant = await merchantClient('en-US');
  try {
    const sku = await someSku(merchant);
    const groupPriceCents = Math.floor(sku.price / 2);
    await signIn(page, '/marketing/SpellGroup');
    // The demo store's seeded group buy (group-buys.seed.ts).
    await expect(groupBuys.row('3人团 · 特惠拼团')).toContainText('active');

    await groupBuys.add({ name, skuSearch: sku.title, skuLabel: sku.label, groupPriceYuan: (groupPriceCents / 100).toFixed(2) });
    const row = groupBuys.row(name);
    await expect(row).toContainText(`¥${(groupPriceCents / 100).toFixed(2)}`);
    await expect(row).toContainText('0 / 1000');
    await expect(row).toContainText('active');
    await screenshot(page, 'group-buys-list-en-US');
    const groupBuyId = await groupBuys.groupBuyIdOf(name);

    const leader = await startTeam(groupBuyId, sku.skuId, `c_e2e_gb_lead_${run}`, `Lead ${run}`);
    expect(leader.members).toBe(1);
    // Paid, waiting for the team: it cannot ship yet.
    await expect(merchant.request(CONTRACT_PATHS.shipOrder, { orderId: leader.orderId, carrier: 'SF Express', trackingNo: `SF${run}a` })).rejects.toThrow();
    await groupBuys.openTeams(groupBuyId);
    const forming = groupBuys.tableRow(`Lead ${run}`);
    await expect(forming).toContainText('forming');
    await expect(forming.getByRole('timer')).toBeVisible();

    const second = await joinTeam(groupBuyId, leader.teamId, sku.skuId, `c_e2e_gb_join_${run}`, `Join ${run}`);
    expect([second.state, second.members]).toEqual([2, 2]);
    await groupBuys.openTeams(groupBuyId);
    const formed = groupBuys.tableRow(`Lead ${run}`);
    await expect(formed).toContainText('formed');
    await expect(formed).toContainText('2 / 2');
    await expect(formed.getByRole('timer')).toHaveCount(0);
    await screenshot(page, 'group-buy-teams-en-US');

    await groupBuys.openOrders(groupBuyId);
    await expect(groupBuys.tableRow(`Join ${run}`)).toContainText('to ship');
    await expect(groupBuys.tableRow(`Lead ${run}`)).toContainText('formed');
    // The team formed: both orders ship.
    await merchantShips(merchant, leader.orderId);
    await merchantShips(merchant, second.orderId);
    expect((await orderState(merchant, leader.orderId)).status).toBe(2);
    expect((await orderState(merchant, second.orderId)).status).toBe(2);
    await groupBuys.openOrders(groupBuyId);
    await expect(groupBuys.tableRow(`Lead ${run}`)).toContainText('shipped');
    await switchLanguage(page, 'zh-CN');
    await expect(groupBuys.tableRow(`Join ${run}`)).toContainText('已成团');
    await screenshot(page, 'group-buy-orders-zh-CN');
  } finally {
    merchant.dispose();
  }
});
