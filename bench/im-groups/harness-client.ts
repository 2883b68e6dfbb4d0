// Bundled by run.mjs: the raw protocol client's pieces (real codec, real tokens) and the server's team cap.
export { CLIENT_TYPE_WEB, FrameFlag, decodeFrame, encodeFrame, encodeRequest, signImToken } from '@merchant/im-core/server';
export { TEAM_MEMBER_LIMIT } from '../../apps/im-server/src/domain/team/team-model';
export { SUPER_TEAM_MEMBER_LIMIT } from '../../apps/im-server/src/domain/super-team/super-team-model';
