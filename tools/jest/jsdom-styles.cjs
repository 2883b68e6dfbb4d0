// Emotion's rules cut down to the declarations jsdom acts on, for every project's jsdom specs
// (console, im-frame, ui-kit, media-library: test setup files load jsdom-styles-setup.cjs).
//
// jsdom's getComputedStyle matches every rule of every sheet against the element on each call, and drops its
// cache on any DOM change. MUI's TextareaAutosize calls it on every keystroke, MUI X's grid on every render
// and testing-library's role and name queries on every element they look at, so with MUI's ~1,000 rules a
// spec spent a third or more of its CPU there (docs/performance.md, "Test suite time"). Without a layout
// engine only a few properties change what a spec can see: display, visibility, pointer-events and opacity
// (hidden elements, toBeVisible, user-event's clickability). Rules keep those declarations and lose the
// rest; a rule left empty is not inserted.
// A console spec that reads a measure or a colour drawn by CSS keeps every declaration with the docblock
// `@jest-environment-options {"styles": "all"}` (its jsdom environment sets globalThis.__ALL_STYLES__).
const { StyleSheet } = require('@emotion/sheet');

const ACTED_ON = /^\s*(display|visibility|pointer-events|opacity)\s*:/i;

/** The rule with only the declarations jsdom acts on, or null when none is left. */
function ruleForJsdom(rule) {
  const media = /^(@media[^{]*)\{(.*)\}$/s.exec(rule);
  if (media) {
    const inner = ruleForJsdom(media[2]);
    return inner ? `${media[1]}{${inner}}` : null;
  }
  // @keyframes, @font-face and the like: jsdom neither animates nor loads fonts.
  if (rule.startsWith('@')) return null;
  const open = rule.indexOf('{');
  const body = rule.slice(open + 1, -1);
  // Anything not of the one-rule shape stylis gives the sheet is kept whole.
  if (open < 0 || !rule.endsWith('}') || body.includes('{')) return rule;
  const kept = body.split(';').filter((declaration) => ACTED_ON.test(declaration));
  return kept.length > 0 ? `${rule.slice(0, open)}{${kept.join(';')};}` : null;
}

function insertOnlyWhatJsdomActsOn() {
  const insert = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function insertForJsdom(rule) {
    const kept = ruleForJsdom(rule);
    if (kept !== null) insert.call(this, kept);
  };
}

module.exports = { ruleForJsdom, insertOnlyWhatJsdomActsOn };
