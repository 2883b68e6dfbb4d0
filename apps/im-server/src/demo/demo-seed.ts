import type { Kysely } from 'kysely';
import type { ImDatabase } from '../db/schema';
import type { UserService } from '../domain/user/user-service';
import type { TeamService } from '../domain/team/team-service';
import type { TeamMessageService } from '../domain/team/team-msg-service';
import type { TeamActor } from '../domain/team/team-change';

/**
 * The chat's demo data for `npm start` (IM_DEMO_SEED=1): the demo store's IM account, the demo
 * customers store-server seeds (apps/store-server/src/db/seed.ts: store 1001's user "Demo Merchant" → `s_1001`, customers
 * c_demo1 and c_demo2) and one more, and a customer team with a short conversation, so the chat
 * frame's team conversation and team panel have something to show on a fresh start.
 */
export const IM_DEMO = {
  merchant: { accid: 's_1001', nick: 'Demo Merchant' },
  customers: [
    { accid: 'c_demo1', nick: 'Alice Chen' },
    { accid: 'c_demo2', nick: 'Bob Li' },
    { accid: 'c_demo3', nick: 'Chen Wei' },
  ],
  team: { name: 'VIP customers', intro: 'Early access to new arrivals and restock news', announcement: 'Spring collection restocks on Friday' },
  /** Who says what, in order; the first customer is a manager of the team. */
  conversation: [
    { from: 'c_demo1', text: 'Will the linen shirts come back in size M?' },
    { from: 's_1001', text: 'Yes, size M restocks on Friday. We will post here first.' },
    { from: 'c_demo2', text: 'Great, I ordered last week and it arrived in two days.' },
    { from: 'c_demo3', text: '你好，请问周末有满减活动吗？' },
  ],
} as const;

export interface DemoSeedServices {
  db: Kysely<ImDatabase>;
  users: UserService;
  teams: TeamService;
  teamMessages: TeamMessageService;
}

/** Seeds the demo team once (a team of that name owned by the demo store means it is there); true when it seeded. */
export async function seedImDemo(services: DemoSeedServices): Promise<boolean> {
  const { merchant, customers, team, conversation } = IM_DEMO;
  const existing = await services.db
    .selectFrom('im_team')
    .select('team_id')
    .where('owner', '=', merchant.accid)
    .where('name', '=', team.name)
    .executeTakeFirst();
  if (existing) return false;
  // Accounts exist once they signed in; the demo ones are created as a first sign-in would.
  for (const account of [merchant, ...customers]) await services.users.ensureFromClaims(account);
  const actor = (accid: string): TeamActor => ({
    account: accid,
    nick: [merchant, ...customers].find((a) => a.accid === accid)?.nick ?? '',
    clientType: 16, // web
    deviceId: 'demo-seed',
  });
  const created = await services.teams.create(actor(merchant.accid), {
    team: { type: 1, name: team.name, intro: team.intro, announcement: team.announcement, beInviteMode: 1, joinMode: 1 },
    accounts: customers.map((c) => c.accid),
  });
  const teamId = String(created.team.teamId);
  await services.teams.setManagers(actor(merchant.accid), { teamId, accounts: [customers[0].accid] }, true);
  for (const [index, line] of conversation.entries()) {
    await services.teamMessages.send(actor(line.from), { idClient: `demo-team-${index + 1}`, scene: 1, to: teamId, type: 0, text: line.text });
  }
  // The members' inbox and session rows (team-fanout.ts), as after a live send.
  services.teamMessages.fanout.pushed(Number(teamId));
  return true;
}
