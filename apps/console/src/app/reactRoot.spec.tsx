// renderConsoleInto: the pre-rendered copy's global styles (build/prerenderLogin.ts) that an emotion
// <Global> adopts stay, and those none adopted are dropped once the first commit's effects ran.
import { act } from 'react';
import { Global } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { renderConsoleInto } from './reactRoot';

function styleTag(emotion: string, css: string): HTMLStyleElement {
  const tag = document.createElement('style');
  tag.setAttribute('data-emotion', emotion);
  tag.textContent = css;
  document.head.appendChild(tag);
  return tag;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

it("keeps the copy's global styles a <Global> adopts and drops the ones nobody asked for", async () => {
  const styles = { body: { margin: 0 } };
  const adopted = styleTag(`css-global ${serializeStyles([styles]).name}`, 'body{margin:0}');
  const stale = styleTag('css-global nobodyasks', 'body{color:red}');
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    renderConsoleInto(
      container,
      <>
        <Global styles={styles} />
        <p>live</p>
      </>,
    );
  });
  expect(container.textContent).toBe('live');
  // Emotion renames the tag it adopted (so no second Global takes it) and keeps it.
  expect(adopted.isConnected).toBe(true);
  expect(adopted.getAttribute('data-emotion')).toBe('css-global');
  expect(stale.isConnected).toBe(false);
});
