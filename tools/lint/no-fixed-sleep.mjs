// A test that sleeps a fixed time instead of waiting for the event, state or row it needs is slow
// when the wait is long and flaky when it is short (issue 33 §4). This rule flags fixed sleeps in
// test files unless a `// fixed wait: <reason>` comment sits on the same line or the line before:
// the reason says why the wall-clock time itself is what the test needs (a server timer under
// test, a poll interval inside a deadline-bounded wait helper).
//
// Flagged:
//   - `new Promise((resolve) => setTimeout(resolve, ms))` and `setTimeout(() => resolve(), ms)`
//     inside a Promise executor, unless `ms` is the literal 0 (one macrotask turn, not a clock wait);
//   - calls of a plain function named `sleep` or `delay` (`sleep(100)`; not `client.delay(id)`);
//   - `page.waitForTimeout(ms)` (Playwright's fixed sleep).

const REASON = /fixed wait:\s*\S/;
const SLEEP_NAMES = new Set(['sleep', 'delay']);

function isZero(node) {
  return node && node.type === 'Literal' && node.value === 0;
}

/** The Promise executor's resolve parameter name when `fn` is `new Promise(<fn>)`'s executor. */
function resolveNameOf(fn) {
  const parent = fn.parent;
  if (!parent || parent.type !== 'NewExpression' || parent.callee.type !== 'Identifier' || parent.callee.name !== 'Promise') return null;
  if (parent.arguments[0] !== fn) return null;
  const first = fn.params[0];
  return first && first.type === 'Identifier' ? first.name : null;
}

/** True when `callback` is the identifier `resolveName` or a function that only calls it. */
function onlyResolves(callback, resolveName) {
  if (!callback) return false;
  if (callback.type === 'Identifier') return callback.name === resolveName;
  if (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression') return false;
  let body = callback.body;
  if (body.type === 'BlockStatement') {
    if (body.body.length !== 1 || body.body[0].type !== 'ExpressionStatement') return false;
    body = body.body[0].expression;
  }
  return body.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === resolveName;
}

function enclosingExecutorResolve(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression') {
      return resolveNameOf(current);
    }
  }
  return null;
}

export const noFixedSleep = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow fixed sleeps in tests unless a `// fixed wait: <reason>` comment explains them' },
    schema: [],
    messages: {
      fixedSleep:
        'Fixed sleep in a test: wait for the event, state or row itself (an awaited promise, a listener, a deadline-bounded waitFor). ' +
        'If the wall-clock time is what the test needs, add `// fixed wait: <reason>` on this line or the line before.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode ?? context.getSourceCode();
    const reasonedLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      if (REASON.test(comment.value)) reasonedLines.add(comment.loc.end.line);
    }
    const report = (node) => {
      const line = node.loc.start.line;
      if (reasonedLines.has(line) || reasonedLines.has(line - 1)) return;
      context.report({ node, messageId: 'fixedSleep' });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'setTimeout') {
          const resolveName = enclosingExecutorResolve(node);
          if (resolveName && onlyResolves(node.arguments[0], resolveName) && !isZero(node.arguments[1])) report(node);
          return;
        }
        if (callee.type === 'Identifier' && SLEEP_NAMES.has(callee.name)) {
          report(node);
          return;
        }
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.name === 'waitForTimeout') report(node);
      },
    };
  },
};

export const testWaitsPlugin = { rules: { 'no-fixed-sleep': noFixedSleep } };
