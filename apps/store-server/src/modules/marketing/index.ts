// The marketing module's public face for other modules (apps/store-server/eslint.modules.mjs): the price calculation.
export * from './pricing';
