import { FakeConnection } from '../testing/fake-connection';
import { createImClient } from './create-im-client';

describe('createImClient §5 sync options', () => {
  const base = () => ({ lbsUrl: 'http://lbs', appKey: 'app', account: 's_1001', token: 't', connection: new FakeConnection() });

  it.each(['syncRoamingMsgs', 'syncFilter', 'syncSuperTeamMembers', 'syncExtraTeamInfo'])('refuses %s that is not a boolean (Param_Error)', (name) => {
    expect(() => createImClient({ ...base(), [name]: 'no' })).toThrow(expect.objectContaining({ errorName: 'Param_Error', code: 414, message: expect.stringContaining(name) }));
  });

  it('takes booleans for every option', () => {
    expect(() => createImClient({ ...base(), syncFilter: true, syncSuperTeamMembers: true, syncRelations: false, syncRoamingMsgs: false })).not.toThrow();
  });

  it('refuses reconnect options of the wrong type before any connection is made (§5)', () => {
    const { connection: _unused, ...noConnection } = base();
    expect(() => createImClient({ ...noConnection, needReconnect: 'yes' as never })).toThrow(expect.objectContaining({ errorName: 'Param_Error', message: expect.stringContaining('needReconnect') }));
    expect(() => createImClient({ ...noConnection, noCacheLinkUrl: 1 as never })).toThrow(expect.objectContaining({ errorName: 'Param_Error', message: expect.stringContaining('noCacheLinkUrl') }));
    expect(() => createImClient({ ...noConnection, reconnectionAttempts: '3' as never })).toThrow(expect.objectContaining({ errorName: 'Param_Error', message: expect.stringContaining('reconnectionAttempts') }));
  });
});
