// Team notifications name members by account ("c_demo2 joined"); the merchant knows them by their nick.
// The accounts the loaded notifications mention are looked up once (nickInTeam, else the user's nick,
// through the teams port; users are read from im-server when not stored) and handed to the message list.
import { useEffect, useState } from 'react';
import type { ChatMessage } from '../chat/chat-client';
import type { TeamsPort } from './teams-port';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Every account a team notification's attach names: its actor, `account` and `accounts`. */
export function accountsNamedIn(messages: readonly Pick<ChatMessage, 'type' | 'attach'>[]): string[] {
  const accounts = new Set<string>();
  for (const message of messages) {
    if (message.type !== 'notification' || !message.attach) continue;
    let attach: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(message.attach);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) continue;
      attach = parsed as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const account of [str(attach.from), str(attach.account), ...(Array.isArray(attach.accounts) ? attach.accounts.map(str) : [])]) {
      if (account) accounts.add(account);
    }
  }
  return [...accounts].sort();
}

/** The names of the accounts the team's loaded notifications mention (account → nick); empty outside a team. */
export function useTeamNotificationNames(teams: TeamsPort | undefined, teamId: string | undefined, messages: readonly ChatMessage[]): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = teamId ? accountsNamedIn(messages).join(',') : '';
  useEffect(() => {
    if (!teams || !teamId || !wanted) return;
    let current = true;
    teams.memberNames(teamId, wanted.split(',')).then(
      (found) => current && setNames(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [teams, teamId, wanted]);
  return teamId ? names : EMPTY;
}

const EMPTY: ReadonlyMap<string, string> = new Map();
