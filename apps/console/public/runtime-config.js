// Default runtime configuration (docs/decisions/0001-workspace-contracts.md).
// tools/serve-static.mjs generates this file at serve time, so one build runs on any ports.
window.__MERCHANT_CONFIG__ = {
  apiBase: 'http://127.0.0.1:3100',
  imFrameUrl: 'http://127.0.0.1:4300',
  imAppKey: 'merchant-im',
  securityMode: 'aes',
};
