// Bundled by run.mjs: the raw protocol client's pieces (real codec, real tokens), no reconnect logic.
export { CLIENT_TYPE_WEB, FrameFlag, decodeFrame, encodeRequest, signImToken } from '@merchant/im-core/server';
