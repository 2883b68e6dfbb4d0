// The tags bar with more tags than fit (audit: after ~12 pages the current tag sat off-screen with no
// way to tell more were there). jsdom has no layout: the scroller and its tags get a fake one, each
// tag 100px wide in a 500px scroller, moved by the scroller's scrollLeft.
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderSignedIn, waitForPath } from '../../test/renderConsole';
import { VISITED_TAGS_KEY } from './tagsStorage';

const VIEWPORT = 500;
const TAG_WIDTH = 100;

function fakeTagsLayout() {
  const scroller = () => document.querySelector<HTMLElement>('[data-testid="tags-scroller"]');
  const tagsIn = (element: HTMLElement) => Array.from(element.children).filter((child) => child.classList.contains('MuiChip-root'));
  const original = Element.prototype.getBoundingClientRect;
  const rect = (left: number, width: number) => ({ left, right: left + width, width, top: 0, bottom: 24, height: 24, x: left, y: 0, toJSON: () => ({}) }) as DOMRect;
  const spies = [
    jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = scroller();
      if (box && this === box) return rect(0, VIEWPORT);
      const index = box && this.parentElement === box ? tagsIn(box).indexOf(this) : -1;
      return index >= 0 ? rect(index * TAG_WIDTH - box!.scrollLeft, TAG_WIDTH) : original.call(this);
    }),
    jest.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return this === scroller() ? VIEWPORT : 0;
    }),
    jest.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
      const box = scroller();
      return this === box ? Math.max(VIEWPORT, tagsIn(box).length * TAG_WIDTH) : 0;
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

/** The tag lies wholly inside the scroller's visible part. */
function expectInView(tag: HTMLElement) {
  const { left, right } = tag.getBoundingClientRect();
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(VIEWPORT);
}

/** The dashboard, then eleven visited pages restored from a reload: 1,200px of tags. */
function restoreManyTags() {
  const pages = Array.from({ length: 11 }, (_, index) => ({ path: `/visited/${index + 1}`, fullPath: `/visited/${index + 1}`, titleKey: 'layout.mainMenu', affix: false }));
  window.sessionStorage.setItem(VISITED_TAGS_KEY, JSON.stringify([{ path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard.title', affix: true }, ...pages]));
}

describe('tags bar with more tags than fit', () => {
  let restoreLayout: () => void;
  beforeEach(() => {
    restoreLayout = fakeTagsLayout();
  });
  afterEach(() => restoreLayout());

  it('scrolls the current tag into view when a tag is added and whenever the current tag changes', async () => {
    restoreManyTags();
    const { router, user, location } = await renderSignedIn();
    const scroller = screen.getByTestId('tags-scroller');
    expect(scroller.scrollLeft).toBe(0);
    expectInView(screen.getByTestId('tag-/dashboard'));

    // A new tag, added after the eleven: off to the right until revealed.
    await act(() => router.navigate('/help/help'));
    const help = await screen.findByTestId('tag-/help/help');
    expect(help).toHaveAttribute('aria-current', 'page');
    expect(scroller.scrollLeft).toBeGreaterThan(0);
    expectInView(help);

    // Back to the first tag: the bar scrolls back.
    await user.click(screen.getByTestId('tag-/dashboard'));
    await waitForPath(location, '/dashboard');
    await waitFor(() => expectInView(screen.getByTestId('tag-/dashboard')));
    expect(() => expectInView(help)).toThrow();

    // By keyboard: a focused tag opens with Enter and is scrolled into view too.
    act(() => help.focus());
    await user.keyboard('{Enter}');
    await waitForPath(location, '/help/help');
    await waitFor(() => expectInView(screen.getByTestId('tag-/help/help')));
  });

  it('shows scroll arrows at either end while the tags overflow, named in English and Chinese and outside the tab order', async () => {
    restoreManyTags();
    const { user } = await renderSignedIn();
    const scroller = screen.getByTestId('tags-scroller');
    const start = screen.getByTestId('tags-scroll-start');
    const end = screen.getByTestId('tags-scroll-end');
    expect(start).toBeDisabled();
    expect(end).toBeEnabled();
    expect(start).toHaveAttribute('title', 'Scroll visited views left');
    expect(end).toHaveAttribute('title', 'Scroll visited views right');
    // Pointer only, like MUI Tabs' scroll buttons: keyboard users Tab from tag to tag.
    expect(end).toHaveAttribute('tabindex', '-1');
    expect(within(screen.getByRole('navigation', { name: 'Visited views' })).queryAllByRole('button', { name: /scroll/i })).toHaveLength(0);

    // jsdom does not fire the scroll event a browser fires when scrollLeft changes.
    await user.click(end);
    expect(scroller.scrollLeft).toBe(VIEWPORT * 0.8);
    fireEvent.scroll(scroller);
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    expect(scroller.scrollLeft).toBe(0);
    fireEvent.scroll(scroller);
    await waitFor(() => expect(start).toBeDisabled());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await screen.findByRole('navigation', { name: '已访问页面' });
    expect(screen.getByTestId('tags-scroll-start')).toHaveAttribute('title', '向左滚动已访问页面');
    expect(screen.getByTestId('tags-scroll-end')).toHaveAttribute('title', '向右滚动已访问页面');
  });

  it('shows no scroll arrows while the tags fit', async () => {
    await renderSignedIn();
    expect(screen.getByTestId('tag-/dashboard')).toBeInTheDocument();
    expect(screen.queryByTestId('tags-scroll-start')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tags-scroll-end')).not.toBeInTheDocument();
  });
});
