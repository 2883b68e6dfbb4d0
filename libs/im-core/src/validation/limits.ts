// Limits and defaults of im-client-spec §5 and §9 that the message and session services enforce.

/** §5 Messages / §9 "Query defaults": message and session queries return 100 rows by default. */
export const DEFAULT_QUERY_LIMIT = 100;

/** §5 Other limits: "History and session page limit max 100". */
export const MAX_PAGE_LIMIT = 100;

/** §5 Messages: "ps at most 5000 long". */
export const MAX_PS_LENGTH = 5000;

/** §5 Messages: text bodies are bounded like ps so one message cannot exceed a frame budget (our choice). */
export const MAX_TEXT_LENGTH = 5000;
