// Default runtime configuration; tools/serve-static.mjs generates this file for other ports.
window.__MERCHANT_CONFIG__ = {
  imLbsUrl: 'http://127.0.0.1:3200/lbs',
  imAppKey: 'merchant-im',
  consoleOrigins: ['http://localhost:4200', 'http://127.0.0.1:4200'],
};
