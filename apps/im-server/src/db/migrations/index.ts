import type { Migration } from 'kysely';
import * as initial from './001-initial';
import * as syncSequence from './002-sync-sequence';
import * as relations from './003-relations';
import * as msgReceipts from './004-msg-receipts';
import * as stickTop from './005-stick-top';
import * as historyBroadcast from './006-history-broadcast';
import * as teams from './007-teams';
import * as searchIndex from './008-search-index';
import * as uploads from './009-uploads';
import * as teamReceipts from './010-team-receipts';
import * as uploadMd5 from './011-upload-md5';
import * as privateObjects from './012-private-objects';
import * as signalling from './013-signalling';
import * as msgExtend from './014-msg-extend';
import * as documents from './015-documents';
import * as superTeams from './016-super-teams';
import * as chatrooms from './017-chatrooms';
import * as threads from './018-threads';
import * as teamFanout from './019-team-fanout';
import * as messageBatchFunction from './020-message-batch-function';
import * as messageBatchFunctionGenerated from './021-message-batch-function-generated';
import * as reporterEvents from './023-reporter-events';
import * as antispamSdkLogs from './024-antispam-sdk-logs';
import * as telemetry from './025-telemetry';
import * as msgRecall from './026-msg-recall';
import * as partialWriteIndexes from './027-partial-write-indexes';
import * as sessionExt from './028-session-ext';
import * as pushSettings from './029-push-settings';
import * as callRecords from './030-call-records';
import * as superTeamRecall from './031-super-team-recall';

/** Ordered migrations; append only. Names sort in run order. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-sync-sequence': syncSequence,
  '003-relations': relations,
  '004-msg-receipts': msgReceipts,
  '005-stick-top': stickTop,
  '006-history-broadcast': historyBroadcast,
  '007-teams': teams,
  '008-search-index': searchIndex,
  '009-uploads': uploads,
  '010-team-receipts': teamReceipts,
  '011-upload-md5': uploadMd5,
  '012-private-objects': privateObjects,
  '013-signalling': signalling,
  '014-msg-extend': msgExtend,
  '015-documents': documents,
  '016-super-teams': superTeams,
  '017-chatrooms': chatrooms,
  '018-threads': threads,
  '019-team-fanout': teamFanout,
  '020-message-batch-function': messageBatchFunction,
  '021-message-batch-function-generated': messageBatchFunctionGenerated,
  '023-reporter-events': reporterEvents,
  '024-antispam-sdk-logs': antispamSdkLogs,
  '025-telemetry': telemetry,
  '026-msg-recall': msgRecall,
  '027-partial-write-indexes': partialWriteIndexes,
  '028-session-ext': sessionExt,
  '029-push-settings': pushSettings,
  '030-call-records': callRecords,
  '031-super-team-recall': superTeamRecall,
};
