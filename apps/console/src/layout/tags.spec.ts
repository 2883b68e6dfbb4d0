// Tags bar rules (console-spec §2): affixed tags cannot be closed by any action.
import { addVisitedTag, closeAllTags, closeOtherTags, closeTag, pathAfterClosing, registerAffixTags, tagTarget, type VisitedTag } from './tags';

const dashboard: VisitedTag = { path: '/dashboard', titleKey: 'dashboard.title', affix: true };
const message: VisitedTag = { path: '/message', titleKey: 'message.title', affix: false };
const orders: VisitedTag = { path: '/order/orderList', titleKey: 'order.title', affix: false };
const tags = [dashboard, message, orders];

describe('visited tags', () => {
  it('adds a view once', () => {
    expect(addVisitedTag([dashboard], message)).toEqual([dashboard, message]);
    expect(addVisitedTag([dashboard, message], message)).toEqual([dashboard, message]);
  });

  it('keeps one tag per screen when only the query changes, remembering the latest address', () => {
    const firstPage = { ...orders, fullPath: '/order/orderList?orders.page=1' };
    const thirdPage = { ...orders, fullPath: '/order/orderList?orders.page=3&orders.q=abc' };
    const afterPaging = addVisitedTag([dashboard, firstPage], thirdPage);
    expect(afterPaging).toHaveLength(2);
    expect(tagTarget(afterPaging[1])).toBe('/order/orderList?orders.page=3&orders.q=abc');
    // Route params are part of the path: two details are two tags.
    const detail = (id: number): VisitedTag => ({ path: `/order/orderDetails/${id}`, titleKey: 'order.detail', affix: false });
    expect(addVisitedTag([detail(1)], detail(2))).toHaveLength(2);
  });

  it('goes back to the remembered address of the last remaining tag', () => {
    expect(pathAfterClosing([dashboard, { ...orders, fullPath: '/order/orderList?orders.page=2' }], '/message', '/dashboard')).toBe('/order/orderList?orders.page=2');
  });

  it('puts affixed tags first without duplicating them', () => {
    expect(registerAffixTags([message, dashboard], [dashboard])).toEqual([dashboard, message]);
  });

  it('close removes a normal tag but never an affixed one', () => {
    expect(closeTag(tags, '/message')).toEqual([dashboard, orders]);
    expect(closeTag(tags, '/dashboard')).toEqual(tags);
  });

  it('close others keeps the chosen tag and the affixed ones', () => {
    expect(closeOtherTags(tags, '/order/orderList')).toEqual([dashboard, orders]);
    expect(closeOtherTags(tags, '/dashboard')).toEqual([dashboard]);
  });

  it('close all keeps only affixed tags', () => {
    expect(closeAllTags(tags)).toEqual([dashboard]);
  });

  it('moves to the last remaining tag only when the active one was closed', () => {
    expect(pathAfterClosing([dashboard, orders], '/message', '/dashboard')).toBe('/order/orderList');
    expect(pathAfterClosing([dashboard, message], '/message', '/dashboard')).toBeNull();
    expect(pathAfterClosing([], '/message', '/dashboard')).toBe('/dashboard');
  });
});
