// What the price-calculation benchmark needs from the sources, bundled by pricing.bench.mjs with esbuild:
// the marketing module's own price calculation (modules/marketing/pricing), imported, not copied.
export { priceCart, checkCartMargin } from '../../apps/store-server/src/modules/marketing';
