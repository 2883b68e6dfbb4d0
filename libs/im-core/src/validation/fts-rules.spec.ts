import { FTS_MAX_KEYWORD_LENGTH, ftsSearchProblem, validateFtsSearch } from './fts-rules';

describe('full-text search rules (issue 31, msgFtsSearch)', () => {
  it('takes a keyword of 1 to 100 characters, limits 1 to 100, p2p and team sessions, text and tip, ASC or DESC', () => {
    expect(ftsSearchProblem({ keyword: 'x' })).toBeUndefined();
    expect(
      ftsSearchProblem({ keyword: 'x'.repeat(FTS_MAX_KEYWORD_LENGTH), fromTime: 1, toTime: 2, msgLimit: 100, sessionLimit: 1, sessionIds: ['p2p-a', 'team-12'], msgTypes: [0, 10], order: 'ASC' }),
    ).toBeUndefined();
    expect(ftsSearchProblem({})).toBe('keyword is required');
    expect(ftsSearchProblem({ keyword: '  ' })).toBe('keyword is required');
    expect(ftsSearchProblem({ keyword: 'x'.repeat(FTS_MAX_KEYWORD_LENGTH + 1) })).toMatch(/at most 100/);
    expect(ftsSearchProblem({ keyword: 'x', fromTime: -1 })).toMatch(/fromTime/);
    expect(ftsSearchProblem({ keyword: 'x', fromTime: 5, toTime: 4 })).toMatch(/not be after/);
    expect(ftsSearchProblem({ keyword: 'x', fromTime: 5, toTime: 0 })).toBeUndefined();
    expect(ftsSearchProblem({ keyword: 'x', msgLimit: 0 })).toMatch(/msgLimit/);
    expect(ftsSearchProblem({ keyword: 'x', msgLimit: 101 })).toMatch(/msgLimit/);
    expect(ftsSearchProblem({ keyword: 'x', sessionLimit: 1.5 })).toMatch(/sessionLimit/);
    expect(ftsSearchProblem({ keyword: 'x', sessionIds: ['superTeam-1'] })).toMatch(/p2p-<account> or team-<id>/);
    expect(ftsSearchProblem({ keyword: 'x', sessionIds: Array.from({ length: 101 }, (_, i) => `p2p-a${i}`) })).toMatch(/at most 100/);
    expect(ftsSearchProblem({ keyword: 'x', msgTypes: [1] })).toMatch(/text \(0\) and tip \(10\)/);
    expect(ftsSearchProblem({ keyword: 'x', order: 'desc' })).toMatch(/ASC or DESC/);
    expect(() => validateFtsSearch({ keyword: '' })).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 414 }));
  });
});
