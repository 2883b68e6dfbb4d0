import { ImError } from '../errors';
import { MemoryStore } from '../store/memory-store';
import { FakeConnection } from '../testing/fake-connection';
import { ImClient } from '../client/im-client';
import { serializeAntispamLexicon, type AntispamLexicon } from '../validation/antispam-rules';
import { ClientAntispam, type AntispamAnswer } from './antispam';

const APP = 'app-a';
const lexicon: AntispamLexicon = { appKey: APP, version: 2, words: [{ word: 'darn', action: 1 }, { word: 'scam', action: 2 }, { word: 'wechat', action: 3 }] };
const answerOf = (lex: AntispamLexicon, md5 = `md5-${lex.version}`): AntispamAnswer => ({ md5, lexicon: serializeAntispamLexicon(lex), version: lex.version });

describe('ClientAntispam (im-client-spec §5, §7 getClientAntispam)', () => {
  it('gives 404 before any lexicon and for empty content', async () => {
    const filter = new ClientAntispam({ appKey: APP, fetchLexicon: async () => ({}) });
    expect(filter.filter('darn')).toEqual({ code: 404, message: 'no anti-spam lexicon' });
    expect(await filter.refresh()).toEqual({ code: 404, message: 'no anti-spam lexicon' });
    expect(filter.filter('')).toEqual({ code: 404, message: 'the content is empty' });
  });

  it('loads the lexicon, then asks with its md5 and keeps its copy when the server sends none', async () => {
    const asked: string[] = [];
    const answers = [answerOf(lexicon), { md5: 'md5-2' }];
    const filter = new ClientAntispam({ appKey: APP, fetchLexicon: async (md5) => (asked.push(md5), answers.shift() ?? {}) });
    await filter.refresh();
    await filter.refresh();
    expect(asked).toEqual(['', 'md5-2']);
    expect(filter.filter('oh darn')).toEqual({ result: 1, content: 'oh **', hits: ['darn'] });
  });

  it('refuses a malformed lexicon (500) and a lexicon of another app key, keeping the last good one', async () => {
    const answers: AntispamAnswer[] = [answerOf(lexicon), { md5: 'x', lexicon: '{broken' }, answerOf({ ...lexicon, appKey: 'app-b', words: [] }, 'y')];
    const filter = new ClientAntispam({ appKey: APP, fetchLexicon: async () => answers.shift() ?? {} });
    await filter.refresh();
    expect(await filter.refresh()).toEqual(lexicon);
    expect(await filter.refresh()).toEqual(lexicon);
    expect(filter.filter('scam')).toMatchObject({ result: 2 });

    const fresh = new ClientAntispam({ appKey: APP, fetchLexicon: async () => ({ md5: 'x', lexicon: '{broken' }) });
    expect(await fresh.refresh()).toEqual({ code: 500, message: 'the lexicon is not JSON' });
    expect(fresh.filter('hello')).toEqual({ code: 500, message: 'the lexicon is not JSON' });
  });
});

describe('ImClient with the anti-spam filter', () => {
  async function connectedClient() {
    const fake = new FakeConnection();
    fake.answer('sync', (_body, f) => {
      setTimeout(() => f.push('syncDone', { timetag: 1 }), 0);
      return {};
    });
    fake.answer('getClientAntispam', () => answerOf(lexicon));
    const sent: string[] = [];
    fake.answer('sendMsg', (body) => (sent.push(body.msg?.text ?? ''), { msg: { ...body.msg, idServer: `srv-${sent.length}`, time: 50_000 } }));
    let id = 0;
    const client = new ImClient({
      account: 's_1', connection: fake, store: new MemoryStore(), logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
      createIdClient: () => `id-${++id}`, antispamAppKey: APP,
    });
    const loaded = new Promise<void>((resolve) => {
      const check = () => (client.antispam?.current() ? resolve() : setTimeout(check, 0));
      check();
    });
    await client.connect();
    await loaded;
    return { client, sent };
  }

  it('sends a replace word as ** and the text without words as written', async () => {
    const { client, sent } = await connectedClient();
    const replaced = await client.messages.sendText({ scene: 'p2p', to: 'c_1', text: 'well Darn it' });
    const plain = await client.messages.sendText({ scene: 'p2p', to: 'c_1', text: 'hello' });
    expect(sent).toEqual(['well ** it', 'hello']);
    expect(replaced).toMatchObject({ status: 'success', text: 'well ** it' });
    expect(plain).toMatchObject({ status: 'success', text: 'hello' });
  });

  it('refuses a reject word: nothing is sent, the message is stored as fail with the verdict', async () => {
    const { client, sent } = await connectedClient();
    const refusal = client.messages.sendText({ scene: 'p2p', to: 'c_1', text: 'a SCAM offer' });
    await expect(refusal).rejects.toBeInstanceOf(ImError);
    await expect(refusal).rejects.toMatchObject({ code: 403 });
    expect(sent).toEqual([]);
    const stored = await client.localStore?.getMessage('id-1');
    expect(stored).toMatchObject({ status: 'fail', text: 'a SCAM offer' });
    expect(JSON.parse(stored?.yidunAntiSpamRes ?? '{}')).toEqual({ result: 2, source: 'client', hits: ['scam'] });
  });

  it('leaves a server word to the server (3): sent as written', async () => {
    const { client, sent } = await connectedClient();
    await client.messages.sendText({ scene: 'p2p', to: 'c_1', text: 'my wechat is x' });
    expect(sent).toEqual(['my wechat is x']);
  });
});
