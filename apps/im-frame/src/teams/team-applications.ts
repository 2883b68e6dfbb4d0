// The merchant's applications to join teams (issue 32), from "Join a team" until their answer. im-server
// tells an approval by making the applicant a member (the team's `passTeamApply` notification, after
// which im-core stores the team as mine and its conversation appears) and a refusal by a
// `rejectTeamApply` system message naming the team in attach. Each waiting application is checked
// again whenever the contacts port reports a change (system messages, teams) or the sessions change.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContactsPort } from '../contacts/contacts-port';
import { teamIdOfSysMsg } from './team-sys-msg';
import type { TeamApplication, TeamsPort } from './teams-port';

export type TeamApplicationState = 'joined' | 'waiting' | 'passed' | 'rejected';

export interface TeamApplicationEntry {
  teamId: string;
  /** The team's name, else its id. */
  name: string;
  state: TeamApplicationState;
}

interface Tracked extends TeamApplicationEntry {
  /** rejectTeamApply system messages about this team known when the application went out (older answers). */
  knownRejections: readonly string[];
}

async function rejectionsOf(contacts: ContactsPort | undefined, teamId: string): Promise<string[]> {
  const sysMsgs = (await contacts?.listSystemMessages().catch(() => undefined)) ?? [];
  return sysMsgs.filter((s) => s.type === 'rejectTeamApply' && teamIdOfSysMsg(s) === teamId).map((s) => s.idServer);
}

/** Where a waiting application stands now. */
async function recheck(entry: Tracked, teams: TeamsPort, contacts: ContactsPort | undefined): Promise<TeamApplicationState> {
  if (await teams.isMyTeam?.(entry.teamId).catch(() => false)) return 'passed';
  const rejections = await rejectionsOf(contacts, entry.teamId);
  return rejections.some((id) => !entry.knownRejections.includes(id)) ? 'rejected' : 'waiting';
}

export interface TeamApplications {
  entries: readonly TeamApplicationEntry[];
  /** An application the server accepted (joined at once, or waiting). */
  add(application: TeamApplication): Promise<void>;
  dismiss(teamId: string): void;
}

/** `changes` is anything whose change may mean an answer came (the chat state's sessions). */
export function useTeamApplications(teams: TeamsPort | undefined, contacts: ContactsPort | undefined, changes: unknown): TeamApplications {
  const [entries, setEntries] = useState<readonly Tracked[]>([]);
  const latest = useRef(entries);
  latest.current = entries;

  const update = useCallback(async () => {
    if (!teams) return;
    const waiting = latest.current.filter((entry) => entry.state === 'waiting');
    for (const entry of waiting) {
      const state = await recheck(entry, teams, contacts);
      if (state !== 'waiting') setEntries((current) => current.map((e) => (e.teamId === entry.teamId && e.state === 'waiting' ? { ...e, state } : e)));
    }
  }, [teams, contacts]);

  const hasWaiting = entries.some((entry) => entry.state === 'waiting');
  useEffect(() => {
    if (!hasWaiting) return;
    void update();
    return contacts?.onChange(() => void update());
  }, [hasWaiting, contacts, update, changes]);

  const add = useCallback(
    async (application: TeamApplication) => {
      const knownRejections = application.joined ? [] : await rejectionsOf(contacts, application.teamId);
      const entry: Tracked = { teamId: application.teamId, name: application.name || application.teamId, state: application.joined ? 'joined' : 'waiting', knownRejections };
      setEntries((current) => [entry, ...current.filter((e) => e.teamId !== entry.teamId)]);
    },
    [contacts],
  );
  const dismiss = useCallback((teamId: string) => setEntries((current) => current.filter((e) => e.teamId !== teamId)), []);
  return { entries, add, dismiss };
}
