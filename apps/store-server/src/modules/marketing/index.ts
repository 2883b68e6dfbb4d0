// The marketing module's public face for other modules (apps/store-server/eslint.modules.mjs): the price calculation
// and the margin guard's refusals.
export * from './pricing';
export { belowFloorProblem, marginFieldProblems, marginRefusalText, marginRefused } from './margin-refusal';
