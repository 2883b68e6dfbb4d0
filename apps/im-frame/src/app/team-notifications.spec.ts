// The console hears of a team message only as the merchant's own notification setting for that team
// allows (team panel, "Notifications"), or when the sender forced the push; p2p messages always.
import { createFrameController } from './create-frame-controller';
import type { ChatMessage } from '../chat/chat-client';
import type { FrameToConsoleMessage } from '@merchant/api-contracts';
import { createParentBridge } from '../parent-bridge/parent-bridge';
import { FakeChatClient } from '../test/fake-chat-client';
import { teamMessageNotifies, type TeamNotifyMode, type TeamPanelData, type TeamsPort } from '../teams/teams-port';

const CONSOLE = 'http://localhost:4200';

/** A TeamsPort with my mode per team and the members' roles; it answers `notifies` as ImTeamsPort does. */
class NotifyTeamsPort implements TeamsPort {
  readonly asked: string[] = [];
  fail = false;
  constructor(
    public modes: Record<string, TeamNotifyMode>,
    private readonly roles: Record<string, 'owner' | 'manager' | 'normal'>,
  ) {}
  async notifies(teamId: string, from: string, forcePush: boolean): Promise<boolean> {
    this.asked.push(`${teamId} ${from} ${forcePush}`);
    if (this.fail) throw new Error('store closed');
    return teamMessageNotifies(this.modes[teamId] ?? 'all', this.roles[from], forcePush);
  }
  getTeamPanel(): Promise<TeamPanelData> {
    throw new Error('not used');
  }
  leave = () => Promise.resolve();
  invite = () => Promise.resolve();
  kick = () => Promise.resolve();
  setMemberMute = () => Promise.resolve();
  setMyNotify = () => Promise.resolve();
  createTeam = () => Promise.reject(new Error('not used'));
  updateTeam = () => Promise.resolve();
  setTeamMute = () => Promise.resolve();
  setManager = () => Promise.resolve();
  transfer = () => Promise.resolve();
  dismiss = () => Promise.resolve();
  memberNames = () => Promise.resolve(new Map<string, string>());
  teamName = () => Promise.resolve(undefined);
  answerTeamSysMsg = () => Promise.resolve();
}

class TeamChatClient extends FakeChatClient {
  constructor(readonly teams: NotifyTeamsPort) {
    super();
  }
}

let serial = 0;
const teamMessage = (teamId: string, from: string, text: string, forcePush = false): ChatMessage => ({
  idClient: `team-in-${++serial}`,
  idServer: `srv-team-${serial}`,
  sessionId: `team-${teamId}`,
  from,
  to: teamId,
  type: 'text',
  text,
  time: 1_700_000_000_000 + serial,
  flow: 'in',
  status: 'success',
  ...(forcePush ? { forcePush: true } : {}),
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function frameWith(teams: NotifyTeamsPort) {
  const posts: FrameToConsoleMessage[] = [];
  const bridge = createParentBridge({ parent: { postMessage: (message) => posts.push(message) }, allowedOrigins: [CONSOLE], ancestorOrigin: CONSOLE });
  const client = new TeamChatClient(teams);
  const controller = createFrameController(client, bridge, { doc: { visibilityState: 'visible', addEventListener: jest.fn() } });
  await controller.start();
  const told = () => posts.filter((post) => post.type === 'newMessage').map((post) => (post.type === 'newMessage' ? post.payload.text : ''));
  return { client, told };
}

describe('team notifications to the console', () => {
  it('tells the console of a team message by my mode and the sender, always of a forced push, and of p2p messages without asking', async () => {
    const teams = new NotifyTeamsPort({ t_all: 'all', t_mgr: 'managers', t_none: 'none' }, { c_owner: 'owner', c_mgr: 'manager', c_demo1: 'normal' });
    const { client, told } = await frameWith(teams);
    client.emit('message', teamMessage('t_all', 'c_demo1', 'all: member'));
    client.emit('message', teamMessage('t_mgr', 'c_demo1', 'managers: member'));
    client.emit('message', teamMessage('t_mgr', 'c_mgr', 'managers: manager'));
    client.emit('message', teamMessage('t_none', 'c_owner', 'none: owner'));
    client.emit('message', teamMessage('t_none', 'c_demo1', 'none: forced', true));
    client.receive('c_demo2', 'p2p');
    await flush();
    expect(told().sort()).toEqual(['all: member', 'managers: manager', 'none: forced', 'p2p'].sort());
    // Only team messages ask the port.
    expect(teams.asked).toEqual(['t_all c_demo1 false', 't_mgr c_demo1 false', 't_mgr c_mgr false', 't_none c_owner false', 't_none c_demo1 true']);
  });

  it('tells the console when the setting cannot be read: a notification too many, never one lost', async () => {
    const teams = new NotifyTeamsPort({ t_none: 'none' }, {});
    teams.fail = true;
    const { client, told } = await frameWith(teams);
    client.emit('message', teamMessage('t_none', 'c_demo1', 'unknown setting'));
    await flush();
    expect(told()).toEqual(['unknown setting']);
  });
});
