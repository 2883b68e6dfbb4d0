// Issue 35 §2: where the message page stops fitting, and how far it scrolls to bring the composer into view.
import { MESSAGE_PAGE_FULL_HEIGHT, SHORT_WINDOW_MEDIA, frameScrollDelta } from './messageLayout';

describe('message page layout', () => {
  it('needs the navbar, the tags bar, the 750 px frame and the padding: 1366×768 is a short window', () => {
    expect(MESSAGE_PAGE_FULL_HEIGHT).toBe(70 + 46 + 750 + 32);
    expect(SHORT_WINDOW_MEDIA).toBe('@media (max-height: 897.98px)');
    expect(768).toBeLessThan(MESSAGE_PAGE_FULL_HEIGHT);
  });

  it("scrolls down just enough for the frame's bottom, and not at all when it is in view", () => {
    // The frame under the bars and the padding of a 768 px window: its bottom at 882.
    expect(frameScrollDelta({ bottom: 132 + 750 }, 768)).toBe(114);
    expect(frameScrollDelta({ bottom: 768 }, 768)).toBe(0);
    expect(frameScrollDelta({ bottom: 600 }, 900)).toBe(0);
    expect(frameScrollDelta({ bottom: 800.4 }, 768)).toBe(33);
  });
});
