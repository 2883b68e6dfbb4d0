import { MAX_SESSION_EXT_LENGTH, serverSessionsQueryProblem, updateServerSessionProblem, validateServerSessionId, validateServerSessionsQuery, validateUpdateServerSession } from './session-rules';

describe('server session rules (issue 31)', () => {
  it('getServerSessions: limit 1 to 100, times in ms with min not after max, needLastMsg a boolean', () => {
    expect(serverSessionsQueryProblem({})).toBeUndefined();
    expect(serverSessionsQueryProblem({ limit: 100, minTimestamp: 1, maxTimestamp: 2, needLastMsg: false })).toBeUndefined();
    expect(serverSessionsQueryProblem({ limit: 0 })).toMatch(/limit must be an integer from 1 to 100/);
    expect(serverSessionsQueryProblem({ limit: 101 })).toMatch(/limit/);
    expect(serverSessionsQueryProblem({ minTimestamp: -1 })).toMatch(/minTimestamp/);
    expect(serverSessionsQueryProblem({ minTimestamp: 5, maxTimestamp: 4 })).toMatch(/not be after/);
    expect(serverSessionsQueryProblem({ needLastMsg: 'yes' as never })).toMatch(/needLastMsg/);
    expect(() => validateServerSessionsQuery({ limit: 101 })).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 414 }));
  });

  it('updateServerSession: a session id and an ext string; 405 past MAX_SESSION_EXT_LENGTH', () => {
    expect(updateServerSessionProblem({ sessionId: 'p2p-a', ext: '' })).toBeUndefined();
    expect(updateServerSessionProblem({ sessionId: 'p2p-a', ext: 'x'.repeat(MAX_SESSION_EXT_LENGTH) })).toBeUndefined();
    expect(updateServerSessionProblem({ sessionId: 'p2p-a', ext: 'x'.repeat(MAX_SESSION_EXT_LENGTH + 1) })).toMatchObject({ code: 405 });
    expect(updateServerSessionProblem({ sessionId: ' ', ext: 'x' })).toMatchObject({ code: 414, message: 'sessionId must be a non-empty string' });
    expect(updateServerSessionProblem({ sessionId: 'p2p-a', ext: 3 })).toMatchObject({ code: 414, message: 'ext must be a string' });
    expect(() => validateUpdateServerSession({ sessionId: 'p2p-a', ext: 'x'.repeat(MAX_SESSION_EXT_LENGTH + 1) })).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 405 }));
    expect(() => validateServerSessionId(undefined)).toThrow(expect.objectContaining({ code: 414 }));
  });
});
