// Tags bar rules (console-spec §2): affixed tags cannot be closed by any action.
import { addVisitedTag, closeAllTags, closeOtherTags, closeTag, pathAfterClosing, registerAffixTags, type VisitedTag } from './tags';

const dashboard: VisitedTag = { path: '/dashboard', titleKey: 'dashboard.title', affix: true };
const message: VisitedTag = { path: '/message', titleKey: 'message.title', affix: false };
const orders: VisitedTag = { path: '/order/orderList', titleKey: 'order.title', affix: false };
const tags = [dashboard, message, orders];

describe('visited tags', () => {
  it('adds a view once', () => {
    expect(addVisitedTag([dashboard], message)).toEqual([dashboard, message]);
    expect(addVisitedTag([dashboard, message], message)).toEqual([dashboard, message]);
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
