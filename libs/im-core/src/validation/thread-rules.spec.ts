import { MAX_MSGS_BY_ID_SERVER, carriesReply, msgsByIdServerProblem, replyFieldsProblem, threadQueryProblem } from './thread-rules';

const ANSWERED = 'msg needs the idServer of a message the server has answered';

describe('thread rules (client and server)', () => {
  it('a message without reply fields is not a reply; an empty field does not make it one', () => {
    expect(carriesReply({})).toBe(false);
    expect(carriesReply({ replyMsgIdServer: '' })).toBe(false);
    expect(replyFieldsProblem({})).toBeUndefined();
    expect(carriesReply({ threadMsgTime: 5 })).toBe(true);
  });

  it.each([
    [{ replyMsgIdServer: 'abc' }, ANSWERED],
    [{ replyMsgIdServer: '1'.repeat(16) }, ANSWERED],
    [{ threadMsgIdServer: '12' }, 'a thread reference needs the replied message (replyMsgIdServer)'],
    [{ replyMsgIdServer: '12', threadMsgIdServer: 'x' }, ANSWERED],
  ])('refuses reply fields %p', (fields, message) => {
    expect(replyFieldsProblem(fields)).toBe(message);
  });

  it('accepts a reply by idServer, with or without its thread', () => {
    expect(replyFieldsProblem({ replyMsgIdServer: '12' })).toBeUndefined();
    expect(replyFieldsProblem({ replyMsgIdServer: '12', threadMsgIdServer: '7', replyMsgTime: 1 })).toBeUndefined();
  });

  it('thread query: root by idServer, limit 1-100 (0 = default), begin not after end, lastMsgId an idServer', () => {
    const root = { idServer: '5' };
    expect(threadQueryProblem({ threadMsg: root })).toBeUndefined();
    expect(threadQueryProblem({ threadMsg: root, limit: 0 })).toBeUndefined();
    expect(threadQueryProblem({ threadMsg: root, limit: 100, beginTime: 1, endTime: 1, lastMsgId: '9' })).toBeUndefined();
    expect(threadQueryProblem(undefined)).toBe(ANSWERED);
    expect(threadQueryProblem({ threadMsg: {} })).toBe(ANSWERED);
    expect(threadQueryProblem({ threadMsg: root, limit: 101 })).toBe('limit must be 1 to 100');
    expect(threadQueryProblem({ threadMsg: root, limit: 1.5 })).toBe('limit must be 1 to 100');
    expect(threadQueryProblem({ threadMsg: root, beginTime: 2, endTime: 1 })).toBe('beginTime must not be after endTime');
    expect(threadQueryProblem({ threadMsg: root, lastMsgId: 'x' })).toBe('lastMsgId must be the idServer of a message the server has answered');
  });

  it('lookup by idServer takes 1 to 100 answered messages', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ idServer: String(i + 1) }));
    expect(msgsByIdServerProblem(many(1))).toBeUndefined();
    expect(msgsByIdServerProblem(many(MAX_MSGS_BY_ID_SERVER))).toBeUndefined();
    expect(msgsByIdServerProblem(many(MAX_MSGS_BY_ID_SERVER + 1))).toBe('messages can be looked up by idServer 1 to 100 at a time');
    expect(msgsByIdServerProblem([])).toBe('messages can be looked up by idServer 1 to 100 at a time');
    expect(msgsByIdServerProblem('x')).toBe('messages can be looked up by idServer 1 to 100 at a time');
    expect(msgsByIdServerProblem([{ idServer: '1' }, { from: 'a' }])).toBe(ANSWERED);
  });
});
