// The client anti-spam filter and the local debug log against the real im-server (issue 30 §2 and §3;
// docs/im-background.md): the operator's CLI manages the lexicon over the operator endpoints, im-core's
// filter and the server's filter apply it on both sides (a raw client that skips the filter is caught
// by the server, which keeps yidunAntiSpamRes), words of another app key are never applied; a log
// uploaded through the object store and uploadSdkLogUrl is read back by the operator, and another
// account's object is refused.
import { FileUploader, LocalLog, createLogUploadPort, type ImClient, type ImMessage, type UploadPorts } from '@merchant/im-core';
import { parseAntispamLexicon } from '@merchant/im-core/validation';
import { runOperatorCli } from '../src/operator/operator-cli';
import { DEFAULT_OPERATOR_KEY } from '../src/config';
import { RawImClient, TEST_APP_KEY, tokenFor } from './support/raw-client';
import { account, runId, startServer, type StartedServer } from './support/test-server';
import { imCoreClient, waitFor } from './support/im-core-clients';

const REPLACE = `darn${runId}`;
const REJECT = `scam${runId}`;
const SERVER = `wechat${runId}`;
const OTHER_APP_WORD = `otherword${runId}`;
const OTHER_APP = `other-app-${runId}`;

describe('anti-spam lexicon and debug logs (issue 30 §2, §3)', () => {
  let server: StartedServer;
  const closers: (() => Promise<void> | void)[] = [];
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runOperatorCli(['--url', server.url, '--key', DEFAULT_OPERATOR_KEY, ...argv], { fetch, out: (line) => lines.push(line), env: {} });
    return { code, text: lines.join('\n') };
  };
  const connected = async (name: string, extra: Parameters<typeof imCoreClient>[2] = {}): Promise<ImClient> => {
    const client = imCoreClient(server.url, name, extra);
    closers.push(() => client.destroy());
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    server = await startServer();
    expect(await cli('antispam', 'add', REPLACE, 'replace')).toEqual({ code: 0, text: `added "${REPLACE}" (replace)` });
    expect((await cli('antispam', 'add', REJECT, 'reject')).code).toBe(0);
    expect((await cli('antispam', 'add', SERVER, 'server')).code).toBe(0);
    expect((await cli('--app-key', OTHER_APP, 'antispam', 'add', OTHER_APP_WORD, 'reject')).code).toBe(0);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await server.server.close();
  });

  it('the operator CLI refuses a wrong key and a bad word, and lists the lexicon', async () => {
    const lines: string[] = [];
    expect(await runOperatorCli(['--url', server.url, '--key', 'wrong', 'antispam', 'list'], { fetch, out: (l) => lines.push(l), env: {} })).toBe(1);
    expect(lines[0]).toMatch(/^refused \(401\)/);
    const bad = await cli('antispam', 'add', ' padded', 'replace');
    expect(bad.code).toBe(1);
    expect(bad.text).toMatch(/refused \(400\).*spaces/);
    const list = await cli('antispam', 'list');
    expect(list.text).toContain(`replace\t${REPLACE}`);
    expect(list.text).toContain(`reject\t${REJECT}`);
    expect(list.text).not.toContain(OTHER_APP_WORD);
  });

  it('im-core filters with the server lexicon: ** for a replace word, a reject word never leaves, a server word goes as written', async () => {
    const sender = account('as_sender');
    const receiver = account('as_receiver');
    const a = await connected(sender, { clientAntispam: true });
    const b = await connected(receiver);
    await waitFor(() => a.antispam?.current() !== undefined, 5000, 'the lexicon loaded');
    expect(a.antispam?.current()?.words.map((w) => w.word)).not.toContain(OTHER_APP_WORD);
    const received: ImMessage[] = [];
    b.on('msg', (m) => received.push(m));

    const replaced = await a.messages.sendText({ scene: 'p2p', to: receiver, text: `oh ${REPLACE.toUpperCase()}!` });
    expect(replaced).toMatchObject({ status: 'success', text: 'oh **!' });
    await expect(a.messages.sendText({ scene: 'p2p', to: receiver, text: `a ${REJECT} deal` })).rejects.toMatchObject({ code: 403 });
    const marked = await a.messages.sendText({ scene: 'p2p', to: receiver, text: `add me on ${SERVER}` });
    // Result 3 goes to the server, which keeps it as written and marks it.
    expect(marked.text).toBe(`add me on ${SERVER}`);
    expect(JSON.parse(marked.yidunAntiSpamRes ?? '{}')).toMatchObject({ result: 3, source: 'server' });
    await waitFor(() => received.length >= 2, 5000, 'both messages received');
    expect(received.map((m) => m.text)).toEqual(['oh **!', `add me on ${SERVER}`]);
    expect(received[0].yidunAntiSpamRes).toBeUndefined();
    const history = await b.messages.fetchHistory({ sessionId: `p2p-${sender}` });
    expect(history.messages.map((m) => m.text)).not.toContain(`a ${REJECT} deal`);
  });

  it('a modified client that skips the filter is caught by the server, which stores yidunAntiSpamRes', async () => {
    const sender = account('as_raw');
    const receiver = account('as_raw_peer');
    const raw = await RawImClient.loggedIn(server.wsUrl, sender);
    closers.push(() => raw.close());
    const send = (idClient: string, text: string) => raw.request('sendMsg', { msg: { idClient, scene: 0, to: receiver, type: 0, text } });

    const replaced = await send('raw-1', `you ${REPLACE} fool`);
    expect(replaced.code).toBe(200);
    expect(replaced.body.msg).toMatchObject({ text: 'you ** fool' });
    expect(JSON.parse(replaced.body.msg?.yidunAntiSpamRes ?? '{}')).toMatchObject({ result: 1, source: 'server' });
    expect((await send('raw-2', `${REJECT}!`)).code).toBe(403);
    // Another app key's word is not this server's lexicon.
    expect((await send('raw-3', `${OTHER_APP_WORD} is fine here`)).body.msg).toMatchObject({ text: `${OTHER_APP_WORD} is fine here` });

    const peer = await RawImClient.loggedIn(server.wsUrl, receiver);
    closers.push(() => peer.close());
    const history = await peer.request('getHistoryMsgs', { scene: 0, to: sender, endTime: 0, limit: 10, reverse: false });
    const stored = history.body.msgs ?? [];
    expect(stored.map((m) => m.idClient).sort()).toEqual(['raw-1', 'raw-3']);
    expect(stored.find((m) => m.idClient === 'raw-1')).toMatchObject({ text: 'you ** fool', yidunAntiSpamRes: expect.stringContaining('"result":1') });
    expect(stored.find((m) => m.idClient === 'raw-3')?.yidunAntiSpamRes).toBeUndefined();
  });

  it('team texts pass the same server filter: a reject word refused, a replace word stored as ** and marked', async () => {
    const owner = await RawImClient.loggedIn(server.wsUrl, account('as_team_owner'));
    const member = account('as_team_member');
    // A team takes accounts the server knows: the member has logged in once.
    const memberClient = await RawImClient.loggedIn(server.wsUrl, member);
    closers.push(() => owner.close(), () => memberClient.close());
    const created = await owner.request('createTeam', { team: { type: 1, name: 'Team', beInviteMode: 1 }, accounts: [member] });
    expect(created.code).toBe(200);
    const teamId = created.body.team?.teamId as string;
    const send = (idClient: string, text: string) => owner.request('sendTeamMsg', { msg: { idClient, scene: 1, to: teamId, type: 0, text } });
    expect((await send('team-1', `${REJECT} here`)).code).toBe(403);
    const replaced = await send('team-2', `${REPLACE} there`);
    expect(replaced.code).toBe(200);
    expect(replaced.body.msg).toMatchObject({ text: '** there', yidunAntiSpamRes: expect.stringContaining('"result":1') });
    const history = await owner.request('getTeamHistoryMsgs', { scene: 1, to: teamId, endTime: 0, limit: 10, reverse: false });
    expect((history.body.msgs ?? []).filter((m) => m.type === 0).map((m) => m.text)).toEqual(['** there']);
  });

  it('super-team texts pass the same server filter', async () => {
    const owner = account('as_super_owner');
    const sender = await RawImClient.loggedIn(server.wsUrl, owner);
    closers.push(() => sender.close());
    const { team } = await server.server.createSuperTeam({ owner, name: 'Super', members: [], beInviteMode: 1 });
    const send = (idClient: string, text: string) => sender.request('sendSuperTeamMsg', { msg: { idClient, scene: 5, to: team.teamId, type: 0, text } });
    expect((await send('super-1', `${REJECT}!`)).code).toBe(403);
    const replaced = await send('super-2', `a ${REPLACE}`);
    expect(replaced.code).toBe(200);
    expect(replaced.body.msg).toMatchObject({ text: 'a **', yidunAntiSpamRes: expect.stringContaining('"result":1') });
  });

  it('chat-room texts pass the same server filter: a reject word refused and not kept, a replace word kept as ** and marked', async () => {
    const owner = account('as_room_owner');
    const chatroomId = `${account('as_room')}-1`;
    await server.server.createChatroom({ id: chatroomId, name: 'Room', creator: owner, announcement: '' });
    const speaker = await RawImClient.open(server.wsUrl);
    closers.push(() => speaker.close());
    expect((await speaker.request('chatroomLogin', { chatroomId, account: owner, token: tokenFor(owner, { nick: 'Owner' }), member: {} })).code).toBe(200);
    const send = (idClient: string, text: string) => speaker.request('chatroomSendMsg', { msg: { idClient, type: 0, text } });
    expect((await send('room-1', `${REJECT} now`)).code).toBe(403);
    const replaced = await send('room-2', `${REPLACE} later`);
    expect(replaced.code).toBe(200);
    expect(replaced.body.msg).toMatchObject({ text: '** later', yidunAntiSpamRes: expect.stringContaining('"result":1') });
    const history = await speaker.request('getChatroomHistoryMsgs', { limit: 10 });
    expect((history.body.msgs ?? []).map((m) => m.text)).toEqual(['** later']);
  });

  it('getClientAntispam answers only the md5 while the lexicon is unchanged, and a new version after a change', async () => {
    const raw = await RawImClient.loggedIn(server.wsUrl, account('as_md5'));
    closers.push(() => raw.close());
    const first = await raw.request('getClientAntispam', { md5: '' });
    const lexicon = parseAntispamLexicon(first.body.lexicon, TEST_APP_KEY);
    expect(lexicon).toMatchObject({ appKey: TEST_APP_KEY });
    // A client of another app key refuses this lexicon (500, malformed for it).
    expect(parseAntispamLexicon(first.body.lexicon, OTHER_APP)).toEqual({ code: 500, message: 'the lexicon is for another app key' });
    const again = await raw.request('getClientAntispam', { md5: first.body.md5 });
    expect(again.body).toMatchObject({ md5: first.body.md5, version: first.body.version });
    expect(again.body.lexicon ?? '').toBe('');
    const extra = `extra${runId}`;
    expect((await cli('antispam', 'add', extra, 'replace')).code).toBe(0);
    expect((await cli('antispam', 'remove', extra)).code).toBe(0);
    expect((await cli('antispam', 'remove', extra)).text).toMatch(/refused \(404\)/);
    const changed = await raw.request('getClientAntispam', { md5: first.body.md5 });
    expect(changed.body.version).toBe((first.body.version ?? 0) + 2);
  });

  it('a debug log uploaded through the object store and uploadSdkLogUrl is read by the operator, secrets redacted; another account\'s object is refused', async () => {
    const owner = account('as_logs');
    const raw = await RawImClient.loggedIn(server.wsUrl, owner);
    closers.push(() => raw.close());
    const request = async <N extends 'getNosToken' | 'uploadSdkLogUrl'>(name: N, body: Parameters<typeof raw.request<N>>[1]) => {
      const answer = await raw.request(name, body);
      if (answer.code !== 200) throw Object.assign(new Error(`${name} answered ${answer.code}`), { code: answer.code });
      return answer.body;
    };
    const ports: UploadPorts = {
      requestToken: async ({ size, fileName, nosSurvivalTime }) => {
        const [token] = (await request('getNosToken', { size, fileName, nosSurvivalTime, count: 1 })).tokens ?? [];
        return { bucket: token.bucket!, objectName: token.objectName!, token: token.token!, expireTime: token.expireTime! };
      },
      edges: () => [`${server.url}/nos`],
    };
    const log = new LocalLog({ describe: () => `account ${owner}` });
    const token = tokenFor(owner);
    log.write('info', `login token=${token}`);
    log.write('info', 'sendMsg', { msg: { to: 'c_1', text: 'my secret order note' } });
    log.write('warn', 'heartbeat late by 2100 ms');
    const url = await log.upload(createLogUploadPort({ uploader: new FileUploader(ports), request: request as never }));

    const list = await cli('logs', 'list', owner);
    const [id] = list.text.split('\t');
    expect(list.text).toMatch(new RegExp(`^\\d+\\t${owner}\\t\\d+ bytes`));
    const shown = await cli('logs', 'show', id);
    expect(shown.text).toContain(`account ${owner}`);
    expect(shown.text).toContain('WARN heartbeat late by 2100 ms');
    expect(shown.text).not.toContain(token);
    expect(shown.text).not.toContain('my secret order note');

    // Another account cannot name this object as its log.
    const other = await RawImClient.loggedIn(server.wsUrl, account('as_logs_other'));
    closers.push(() => other.close());
    expect((await other.request('uploadSdkLogUrl', { url })).code).toBe(403);
    expect((await cli('logs', 'list', account('as_logs_other'))).text).toBe('no logs');
  });
});
