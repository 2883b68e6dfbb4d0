import { RawImClient } from './raw-client';
import type { StartedServer } from './test-server';

/** Shared helpers of the teams*.int.spec.ts suites: logged-in raw clients and a created team. */
export function teamWorld(server: () => StartedServer) {
  const clients: RawImClient[] = [];
  const open = async (name: string, clientType?: number) => {
    const client = await RawImClient.loggedIn(server().wsUrl, name, { clientType, deviceId: `d-${name}-${clients.length}`, nick: `Nick ${name}` });
    clients.push(client);
    return client;
  };
  /**
   * Creates a team as `owner` with `members` added at once and returns its id (fails the test on any
   * other answer): advanced, with beInviteMode noVerify unless `team` says otherwise.
   */
  const createTeam = async (owner: RawImClient, members: string[], team: Record<string, unknown> = {}) => {
    const answer = await owner.request('createTeam', { team: { type: 1, name: 'Team', beInviteMode: 1, ...team }, accounts: members });
    if (answer.code !== 200) throw new Error(`createTeam answered ${answer.code} ${String((answer.body as { errMsg?: string }).errMsg)}`);
    return answer.body.team?.teamId as string;
  };
  /** Runs a sync from `timetags` and returns the data pushes by name. */
  const syncFrom = async (client: RawImClient, timetags: Record<string, unknown> = {}) => {
    client.pushes.splice(0);
    const answer = await client.request('sync', { timetags });
    if (answer.code !== 200) throw new Error(`sync answered ${answer.code}`);
    const done = await client.waitForPush('syncDone');
    const named = (name: Parameters<RawImClient['pushesNamed']>[0]) => client.pushesNamed(name).map((f) => f.body as Record<string, unknown>);
    return { done, named };
  };
  const closeAll = () => {
    for (const c of clients.splice(0)) c.close();
  };
  return { open, createTeam, syncFrom, closeAll };
}

/** The errMsg of a refused answer. */
export const errMsg = (answer: { body: unknown }) => (answer.body as { errMsg?: string }).errMsg;
