// Names of schema 12, kept apart from the migrations so the public types never mention idb.

/** im-client-spec §3 / §9: "Schema version is 12". */
export const DB_SCHEMA_VERSION = 12;

/** Object store names of schema 12 (im-client-spec §3 "Local database tables"). */
export const TABLES = {
  kv: 'kv',
  timetag: 'timetag',
  friend: 'friend',
  user: 'user',
  team: 'team',
  teamMember: 'teamMember',
  superTeam: 'superTeam',
  msg: 'msg1',
  session: 'session',
  sysMsg: 'sysMsg',
  blacklist: 'blacklist',
  mutelist: 'mutelist',
} as const;

/** Index names used by the store; each is created by the migration step named beside it. */
export const INDEXES = {
  msgBySessionTime: 'sessionId_time', // v7
  msgByStatus: 'status', // v10
  sessionByUpdateTime: 'updateTime', // v1
  sysMsgByTime: 'time', // v5
  sysMsgByCategoryTime: 'category_time', // v11
  teamMemberByTeam: 'teamId', // v4
  teamMemberByAccount: 'account', // v12
} as const;
