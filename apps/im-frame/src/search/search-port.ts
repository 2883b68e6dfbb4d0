// Message search in the frame (issue 32 §6): across all conversations or within one, by keyword, type and
// sender. Screens use SearchPort only; tests use FakeSearchPort (./fake-search-port.ts).
//
// ImSearchPort speaks im-core's commands over `request` (this tab's socket, or the leader tab's in multi-tab),
// after the rules im-core's history service checks (@merchant/im-core/validation):
// - text ("all" = text and tip, or text only): msgFtsSearch, im-server's full-text search over the trigram
//   index (docs/protocol.md, the msgFtsSearch row), p2p and team conversations, keyword required;
// - pictures, voice, video and files: searchHistoryMsgs by type (p2p conversations; the server matches a
//   keyword against message text only, so a keyword here is matched against the file name in this tab).
// Neither command takes a sender: the sender filter is applied to the answer (at most 100 messages).
import { MessageTypeCode, fromWireMessage, type ContactsServicesOptions } from '@merchant/im-core';
import { MAX_PAGE_LIMIT, FTS_MAX_KEYWORD_LENGTH, validateFtsSearch } from '@merchant/im-core/validation';
import { isTeamSessionId, type ChatMessage } from '../chat/chat-client';
import { toChatMessage } from '../chat/im-mapping';

/** What the type filter offers: full-text types first, then file types. */
export const SEARCH_TYPES = ['all', 'text', 'image', 'audio', 'video', 'file'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** Types searched by file name (searchHistoryMsgs); the keyword may stay empty for them. */
export const FILE_SEARCH_TYPES: readonly SearchType[] = ['image', 'audio', 'video', 'file'];
export const SEARCH_SENDERS = ['any', 'me', 'others'] as const;
export type SearchSender = (typeof SEARCH_SENDERS)[number];

/** The longest keyword (im-core's full-text rule, checked again by im-server). */
export const SEARCH_KEYWORD_MAX = FTS_MAX_KEYWORD_LENGTH;
/** Messages one search returns at most (§5 page limit); the answer says when it was cut there. */
export const SEARCH_LIMIT = MAX_PAGE_LIMIT;

export interface SearchQuery {
  keyword: string;
  type: SearchType;
  sender: SearchSender;
  /** Only this conversation (`p2p-<account>` or `team-<id>`); absent = all of the merchant's. */
  sessionId?: string;
}

export interface SearchResult {
  /** Newest first. */
  messages: ChatMessage[];
  /** The server answered SEARCH_LIMIT messages: older matches may exist (narrow the search). */
  truncated: boolean;
}

export interface SearchPort {
  /** Rejects with im-core's Param_Error (414) for a query the rules refuse, or with the server's refusal. */
  search(query: SearchQuery): Promise<SearchResult>;
}

/** Whether a type is searched by file name (no keyword needed) rather than full text. */
export const isFileSearch = (type: SearchType): boolean => FILE_SEARCH_TYPES.includes(type);

/** Whether the type filter offers `type` in this scope: file types are searched in p2p conversations only. */
export const typeOffered = (type: SearchType, sessionId: string | undefined): boolean => !(sessionId && isTeamSessionId(sessionId) && isFileSearch(type));

/** The sender filter, applied to an answer (neither search command takes a sender). */
export function matchesSender(message: ChatMessage, sender: SearchSender, ownAccount: string): boolean {
  if (sender === 'me') return message.from === ownAccount;
  if (sender === 'others') return message.from !== ownAccount;
  return true;
}

/** A file search's keyword, matched case-insensitively in the file name (empty: every file). */
export function matchesFileName(message: ChatMessage, keyword: string): boolean {
  const wanted = keyword.trim().toLowerCase();
  return wanted === '' || (message.file?.name ?? '').toLowerCase().includes(wanted);
}

type Requester = ContactsServicesOptions['request'];

export class ImSearchPort implements SearchPort {
  constructor(
    private readonly account: string,
    private readonly request: Requester,
  ) {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const sessionIds = query.sessionId ? [query.sessionId] : undefined;
    let records: Parameters<typeof fromWireMessage>[0][];
    if (isFileSearch(query.type)) {
      const answer = await this.request('searchHistoryMsgs', {
        msgTypes: [MessageTypeCode[query.type as 'image' | 'audio' | 'video' | 'file']],
        ...(sessionIds ? { sessionIds } : {}),
        limit: SEARCH_LIMIT,
      });
      records = answer.msgs ?? [];
    } else {
      // validateFtsSearch throws the same Param_Error (414) history.ftsSearch would, before anything is sent.
      const body = validateFtsSearch({
        keyword: query.keyword.trim(),
        ...(query.type === 'text' ? { msgTypes: [MessageTypeCode.text] } : {}),
        ...(sessionIds ? { sessionIds } : {}),
        msgLimit: SEARCH_LIMIT,
        order: 'DESC' as const,
      });
      const answer = await this.request('msgFtsSearch', body);
      records = answer.msgs ?? [];
    }
    const messages = records
      .map((record) => fromWireMessage(record, this.account))
      .filter((message) => message !== undefined)
      .map(toChatMessage)
      .filter((message) => matchesSender(message, query.sender, this.account) && (!isFileSearch(query.type) || matchesFileName(message, query.keyword)));
    return { messages, truncated: records.length >= SEARCH_LIMIT };
  }
}

/** A chat client that can search (ImChatClient sets it; the frame's controller reads it). */
export interface SearchSource {
  readonly search?: SearchPort;
}
