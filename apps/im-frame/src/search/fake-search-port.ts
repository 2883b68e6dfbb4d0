// In-memory SearchPort for component tests: searches the messages it is given the way im-server does
// (keyword inside text and tip, case-insensitive; file types by type), newest first, then applies the
// same sender and file-name filters as ImSearchPort. A test can script a failure or hold the answer.
import { ImError, ImErrorName } from '@merchant/im-core';
import { ftsSearchProblem } from '@merchant/im-core/validation';
import type { ChatMessage } from '../chat/chat-client';
import { SEARCH_LIMIT, isFileSearch, matchesFileName, matchesSender, type SearchPort, type SearchQuery, type SearchResult } from './search-port';

export class FakeSearchPort implements SearchPort {
  readonly queries: SearchQuery[] = [];
  /** When set, search() rejects with it. */
  error?: Error;
  /** When set, answers wait for it (a test sees the loading state). */
  hold?: Promise<void>;

  constructor(
    private readonly messages: () => readonly ChatMessage[],
    private readonly ownAccount: () => string,
  ) {}

  async search(query: SearchQuery): Promise<SearchResult> {
    this.queries.push(query);
    if (this.hold) await this.hold;
    if (this.error) throw this.error;
    const fileSearch = isFileSearch(query.type);
    if (!fileSearch) {
      const problem = ftsSearchProblem({ keyword: query.keyword.trim() });
      if (problem) throw new ImError(ImErrorName.Param_Error, problem, { code: 414 });
    }
    const keyword = query.keyword.trim().toLowerCase();
    const found = this.messages()
      .filter((m) => !query.sessionId || m.sessionId === query.sessionId)
      .filter((m) => (fileSearch ? m.type === query.type : (query.type === 'text' ? m.type === 'text' : m.type === 'text' || m.type === 'tip') && m.text.toLowerCase().includes(keyword)))
      .sort((a, b) => b.time - a.time)
      .slice(0, SEARCH_LIMIT);
    const messages = found.filter((m) => matchesSender(m, query.sender, this.ownAccount()) && (!fileSearch || matchesFileName(m, query.keyword)));
    return { messages, truncated: found.length >= SEARCH_LIMIT };
  }
}
