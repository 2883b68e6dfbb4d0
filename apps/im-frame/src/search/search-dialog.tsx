// Message search (issue 32 §6): "Search messages" in the list's header searches every conversation, the
// magnifier in a conversation's header searches that one. A keyword (Enter submits; no search while typing),
// a type and a sender filter; results grouped by conversation, newest first, the keyword marked in plain
// text. Arrow keys move between results, Enter (or a click) opens one: its conversation opens with history
// loaded back to it, and the message is scrolled to, highlighted and focused (ChatController.loadAround +
// requestJump, MessageList's jumpRequest).
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ImError } from '@merchant/im-core';
import { accountOfSessionId, isTeamSessionId, type ChatMessage, type ChatSession } from '../chat/chat-client';
import { useChatController, useChatState } from '../chat/chat-context';
import { sessionDisplayName } from '../sessions/session-list';
import { messageDisplayText } from '../i18n/message-text';
import { formatChatTime } from '../i18n/format-time';
import { highlightParts, snippetAround } from './highlight';
import { FILE_SEARCH_TYPES, SEARCH_KEYWORD_MAX, SEARCH_LIMIT, SEARCH_SENDERS, SEARCH_TYPES, isFileSearch, typeOffered, type SearchPort, type SearchQuery, type SearchResult, type SearchType } from './search-port';

/** The form: one zod schema; a file type may go without a keyword, a text search may not. */
export const searchFormSchema = z
  .object({
    keyword: z.string().trim().max(SEARCH_KEYWORD_MAX, 'search.rules.keywordTooLong'),
    type: z.enum(SEARCH_TYPES),
    sender: z.enum(SEARCH_SENDERS),
  })
  .superRefine((values, context) => {
    if (values.keyword === '' && !isFileSearch(values.type)) context.addIssue({ code: 'custom', path: ['keyword'], message: 'search.rules.keywordRequired' });
  });
export type SearchFormValues = z.infer<typeof searchFormSchema>;

const EMPTY: SearchFormValues = { keyword: '', type: 'all', sender: 'any' };

/** What the dialog last showed, kept by its button so reopening it shows the same search. */
interface SearchView {
  values: SearchFormValues;
  query?: SearchQuery;
  result?: SearchResult;
  error?: string;
}

/** One conversation's results, in the order of their newest hit. */
export interface ResultGroup {
  sessionId: string;
  messages: ChatMessage[];
}

/** Results grouped by conversation; groups ordered by their newest hit, each newest first. */
export function groupBySession(messages: readonly ChatMessage[]): ResultGroup[] {
  const groups = new Map<string, ChatMessage[]>();
  for (const message of [...messages].sort((a, b) => b.time - a.time)) {
    const group = groups.get(message.sessionId);
    if (group) group.push(message);
    else groups.set(message.sessionId, [message]);
  }
  return [...groups].map(([sessionId, grouped]) => ({ sessionId, messages: grouped }));
}

/** A refusal in the merchant's language: the rule's own words for a 414, else the reason. */
function failureText(error: unknown, t: TFunction): string {
  const reason = error instanceof ImError || error instanceof Error ? error.message : String(error);
  return t('search.failed', { reason });
}

export interface SearchButtonProps {
  now?: number;
  /** A result was opened (a narrow frame then shows the conversation). */
  onOpened?(sessionId: string): void;
}

/** "Search messages" in the list's header: all conversations. */
export function SearchButton({ now, onOpened }: SearchButtonProps) {
  const { t } = useTranslation();
  return <SearchLauncher label={t('search.open')} testId="search-open" now={now} onOpened={onOpened} />;
}

/** The magnifier in a conversation's header: that conversation only. */
export function ConversationSearchButton({ sessionId, name, now }: { sessionId: string; name: string; now?: number }) {
  const { t } = useTranslation();
  // A new conversation starts a new search (the key resets what the launcher kept).
  return <SearchLauncher key={sessionId} label={t('search.openInConversation')} testId="conversation-search-open" scope={{ sessionId, name }} now={now} size="small" />;
}

function SearchLauncher({ label, testId, scope, now, onOpened, size }: { label: string; testId: string; scope?: { sessionId: string; name: string }; now?: number; onOpened?(sessionId: string): void; size?: 'small' }) {
  const controller = useChatController();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<SearchView>({ values: EMPTY });
  const search = controller.search;
  if (!search) return null;
  return (
    <>
      <Tooltip title={label}>
        <IconButton size={size} aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={testId}>
          <SearchIcon fontSize={size} />
        </IconButton>
      </Tooltip>
      {open && (
        <SearchDialog
          search={search}
          scope={scope}
          now={now ?? Date.now()}
          view={view}
          onViewChange={setView}
          onClose={() => setOpen(false)}
          onChosen={(message) => {
            // The dialog goes first (without putting focus back on this button), then the list takes focus.
            setOpen(false);
            controller.requestJump(message);
            onOpened?.(message.sessionId);
          }}
        />
      )}
    </>
  );
}

interface SearchDialogProps {
  search: SearchPort;
  scope?: { sessionId: string; name: string };
  now: number;
  view: SearchView;
  onViewChange(view: SearchView): void;
  onClose(): void;
  /** The chosen result, loaded into its conversation. */
  onChosen(message: ChatMessage): void;
}

export function SearchDialog({ search, scope, now, view, onViewChange, onClose, onChosen }: SearchDialogProps) {
  const { t } = useTranslation();
  const controller = useChatController();
  const state = useChatState();
  const { register, handleSubmit, formState, watch } = useForm<SearchFormValues>({ defaultValues: view.values, resolver: zodResolver(searchFormSchema) });
  const [searching, setSearching] = useState(false);
  const [opening, setOpening] = useState<string | undefined>();
  const [notLoaded, setNotLoaded] = useState(false);
  const latest = useRef(0);
  const type = watch('type');
  const scopeIsTeam = scope ? isTeamSessionId(scope.sessionId) : false;

  const submit = handleSubmit(async (values) => {
    const query: SearchQuery = { keyword: values.keyword, type: values.type, sender: values.sender, ...(scope ? { sessionId: scope.sessionId } : {}) };
    const ticket = ++latest.current;
    setSearching(true);
    setNotLoaded(false);
    onViewChange({ values, query });
    try {
      const result = await search.search(query);
      if (ticket === latest.current) onViewChange({ values, query, result });
    } catch (error) {
      if (ticket === latest.current) onViewChange({ values, query, error: failureText(error, t) });
    } finally {
      if (ticket === latest.current) setSearching(false);
    }
  });

  const choose = async (message: ChatMessage) => {
    if (opening) return;
    setOpening(message.idClient);
    setNotLoaded(false);
    const loaded = await controller.loadAround(message);
    setOpening(undefined);
    if (loaded) onChosen(loaded);
    else setNotLoaded(true);
  };

  const keywordProblem = formState.errors.keyword?.message;
  const titleId = 'search-dialog-title';
  return (
    // Closing puts focus back on the button; an opened result then takes it (MessageList's jump runs after).
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="search-dialog">
      <DialogTitle id={titleId}>{scope ? t('search.titleIn', { name: scope.name }) : t('search.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
        <Box component="form" role="search" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            autoFocus
            label={t('search.keyword')}
            error={Boolean(keywordProblem)}
            helperText={keywordProblem ? t(keywordProblem, { max: SEARCH_KEYWORD_MAX }) : isFileSearch(type) ? t('search.keywordHintFile') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'search-keyword', maxLength: SEARCH_KEYWORD_MAX + 1, enterKeyHint: 'search' } }}
            sx={{ flex: '1 1 100%' }}
            {...register('keyword')}
          />
          <TextField select size="small" label={t('search.type')} slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'search-type' } }} sx={{ flex: '1 1 160px' }} {...register('type')}>
            {SEARCH_TYPES.filter((option) => typeOffered(option, scope?.sessionId)).map((option) => (
              <option key={option} value={option}>
                {t(`search.types.${option}`)}
              </option>
            ))}
          </TextField>
          <TextField select size="small" label={t('search.sender')} slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'search-sender' } }} sx={{ flex: '1 1 160px' }} {...register('sender')}>
            {SEARCH_SENDERS.map((option) => (
              <option key={option} value={option}>
                {option === 'others' && scope && !scopeIsTeam ? scope.name : t(`search.senders.${option}`)}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={searching} data-testid="search-submit" sx={{ flex: '0 0 auto' }}>
            {t('search.submit')}
          </Button>
        </Box>
        <SearchOutcome
          view={view}
          searching={searching}
          opening={opening !== undefined}
          notLoaded={notLoaded}
          sessions={state.sessions}
          now={now}
          onChoose={(message) => void choose(message)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="search-close">
          {t('search.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SearchOutcome({ view, searching, opening, notLoaded, sessions, now, onChoose }: { view: SearchView; searching: boolean; opening: boolean; notLoaded: boolean; sessions: readonly ChatSession[]; now: number; onChoose(message: ChatMessage): void }) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupBySession(view.result?.messages ?? []), [view.result]);
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const nameOf = (sessionId: string) => {
    const session = sessions.find((candidate) => candidate.id === sessionId);
    return session ? sessionDisplayName(session) : accountOfSessionId(sessionId);
  };
  const keyword = view.query?.keyword.trim() ?? '';
  const total = view.result?.messages.length ?? 0;

  // Arrow keys move between results (one tab stop for the whole list: the active result).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-testid="search-result"]') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    if (at === -1 || buttons.length === 0) return;
    const next = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(buttons.length - 1, next));
    setActive(target);
    buttons[target]?.focus();
  };

  let index = -1;
  return (
    <>
      <Box role="status" aria-live="polite" data-testid="search-status" sx={{ typography: 'body2', color: 'text.secondary', minHeight: 20 }}>
        {searching
          ? t('search.searching')
          : opening
            ? t('search.opening')
            : view.result
              ? total === 0
                ? keyword
                  ? t('search.none', { keyword })
                  : t('search.noneOfType')
                : `${t('search.found', { total, conversations: groups.length })}${view.result.truncated ? ` · ${t('search.truncated', { limit: SEARCH_LIMIT })}` : ''}`
              : ''}
      </Box>
      {(searching || opening) && <LinearProgress aria-label={searching ? t('search.searching') : t('search.opening')} data-testid="search-progress" />}
      {view.error && !searching && (
        <Alert severity="error" role="alert" data-testid="search-error">
          {view.error}
        </Alert>
      )}
      {notLoaded && (
        <Alert severity="warning" role="alert" data-testid="search-not-loaded">
          {t('search.notLoaded')}
        </Alert>
      )}
      {groups.length > 0 && (
        <Box ref={listRef} onKeyDown={onKeyDown} data-testid="search-results" aria-label={t('search.results')} role="region" aria-describedby="search-keys-hint" sx={{ maxHeight: 420, overflowY: 'auto' }}>
          <Typography id="search-keys-hint" variant="caption" color="text.secondary">
            {t('search.keysHint')}
          </Typography>
          {groups.map((group) => {
            const name = nameOf(group.sessionId);
            const headingId = `search-group-${group.sessionId}`;
            return (
              <Box component="section" key={group.sessionId} aria-labelledby={headingId} data-testid={`search-group-${group.sessionId}`} sx={{ mt: 1 }}>
                <Typography component="h3" variant="subtitle2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
                  {t('search.conversationResults', { name, total: group.messages.length })}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {group.messages.map((message) => {
                    index += 1;
                    return (
                      <Box component="li" key={message.idClient}>
                        <ResultButton message={message} peerName={isTeamSessionId(group.sessionId) ? undefined : name} keyword={keyword} now={now} tabbable={index === Math.min(active, total - 1)} onChoose={onChoose} onFocusIndex={((i) => () => setActive(i))(index)} />
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </>
  );
}

function ResultButton({ message, peerName, keyword, now, tabbable, onChoose, onFocusIndex }: { message: ChatMessage; peerName?: string; keyword: string; now: number; tabbable: boolean; onChoose(message: ChatMessage): void; onFocusIndex(): void }) {
  const { t } = useTranslation();
  // A customer by the conversation's name (as the conversation shows them), a team member by their nick.
  const sender = message.flow === 'out' ? t('search.me') : (peerName ?? (message.fromNick || message.from));
  const time = formatChatTime(message.time, now, t);
  // File results show the name the keyword matched; text results the text around the first match.
  const body = message.file?.name && FILE_SEARCH_TYPES.includes(message.type as SearchType) ? `${t(`messageType.${message.type}`, { defaultValue: t('messageType.other') })} ${message.file.name}` : messageDisplayText(message, t);
  const text = snippetAround(body, keyword);
  // Named by what it shows (sender · time, then the snippet): an aria-label worded otherwise would not contain
  // the visible text, which speech-input users say to click it (axe's label-content-name-mismatch).
  return (
    <ButtonBase
      data-testid="search-result"
      data-id-client={message.idClient}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocusIndex}
      onClick={() => onChoose(message)}
      sx={{ display: 'block', width: '100%', textAlign: 'left', px: 1, py: 0.75, borderRadius: 1, '&:hover, &.Mui-focusVisible, &:focus': { bgcolor: 'action.hover' } }}
    >
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {sender} · {time}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="search-result-text">
        {highlightParts(text, keyword).map((part, i) =>
          part.match ? (
            <Box component="mark" key={i} sx={{ bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 }}>
              {part.text}
            </Box>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </Typography>
    </ButtonBase>
  );
}
